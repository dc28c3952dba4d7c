import type { Media } from '@fotodrop/contract';
import type { AlbumMediaRow } from '../repositories/album-media.repository';
import type { MediaFilesService } from './media-files.service';

/** A medium of an album as its owner receives it. */
export function mediaDto(row: AlbumMediaRow, mediaFiles: Pick<MediaFilesService, 'url'>): Media {
  return {
    id: row.id,
    type: row.type,
    // Until a purchase, photos are shown as the watermarked standard-definition preview.
    quality: 'SD',
    favorite: row.favourite,
    is_purchased: false,
    gallery_id: row.galleryId,
    thumbnail_url: mediaFiles.url(row.id, 'thumb'),
    preview_url: mediaFiles.url(row.id, 'preview'),
    download_url: null,
    // Nothing is bought before checkout exists, so no video is playable yet (albums spec §3).
    video_url: null,
    width: row.width ?? 1,
    height: row.height ?? 1,
    duration_seconds: row.durationSeconds,
    taken_at: row.takenAt?.toISOString() ?? null,
  };
}
