/**
 * The album feature's public entry: the album's photos (tabs, grid, viewer, grouped galleries)
 * and the gallery screen. The checkins feature mounts these in its album screens; nothing else of
 * this folder is imported from outside.
 */

export { reloadAlbum } from './api/album-mutations';
export { seedFirstPage } from './api/album-queries';
export { AlbumMedia } from './components/album-media';
export { GalleryScreen } from './components/gallery-screen';
export { AWAITING_MEDIA_POLL_MS, albumAwaitsMedia } from './lib/album-status';
export { pageModeOf } from './lib/media-pages';
export { cleanPopups, unsetPopups } from './store/popups';
