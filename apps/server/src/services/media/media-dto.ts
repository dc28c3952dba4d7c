import type { Media } from '@fotodrop/contract';
import type { AlbumMediaRow } from '../../repositories/album-media.repository';
import type { MediaFilesService, ServedFile } from './media-files.service';

/**
 * The files a viewer of a medium is signed: watermarked until the viewer has bought it, clean
 * after. The one rule every listing follows; links are signatures, so a viewer cannot swap one
 * file for the other.
 */
export function viewedFiles(purchased: boolean): { thumb: ServedFile; preview: ServedFile } {
  return purchased
    ? { thumb: 'thumb-clean', preview: 'preview-clean' }
    : { thumb: 'thumb', preview: 'preview' };
}

/**
 * A medium of an album as its owner receives it. `purchased` is the checkout's seam: nothing can
 * be bought yet, so every caller passes the default, false, and sees the watermarked files.
 */
export function mediaDto(
  row: AlbumMediaRow,
  mediaFiles: Pick<MediaFilesService, 'url'>,
  purchased = false,
): Media {
  const files = viewedFiles(purchased);
  return {
    id: row.id,
    type: row.type,
    // Until a purchase, photos are shown as the watermarked standard-definition preview.
    quality: 'SD',
    favorite: row.favourite,
    is_purchased: purchased,
    gallery_id: row.galleryId,
    thumbnail_url: mediaFiles.url(row.id, files.thumb),
    preview_url: mediaFiles.url(row.id, files.preview),
    download_url: null,
    // Nothing is bought before checkout exists, so no video is playable yet (albums spec §3).
    video_url: null,
    width: row.width ?? 1,
    height: row.height ?? 1,
    duration_seconds: row.durationSeconds,
    taken_at: row.takenAt?.toISOString() ?? null,
  };
}
