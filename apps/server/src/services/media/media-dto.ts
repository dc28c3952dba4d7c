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
 * A medium of an album as its owner receives it: watermarked and standard definition until bought
 * (services/albums/album-purchases.ts decides); once bought, the clean files, the original's
 * download link while HD is available, and the video. `hidden`: the faces this viewer must not see
 * (anonymous mode); a video's rendition itself is not blurred, only its poster.
 */
export function mediaDto(
  ownerId: number,
  row: AlbumMediaRow,
  mediaFiles: Pick<MediaFilesService, 'url' | 'shareHash'>,
  bought: { purchased: true; downloadUrl: string | null } | null = null,
  hidden?: readonly number[],
): Media {
  const purchased = bought !== null;
  const files = viewedFiles(purchased);
  return {
    id: row.id,
    type: row.type,
    // Until a purchase, photos are shown as the watermarked standard-definition preview.
    quality: purchased ? 'HD' : 'SD',
    favorite: row.favourite,
    is_purchased: purchased,
    gallery_id: row.galleryId,
    // Faces of other participants in anonymous mode: their blurred variant (face-blur.ts).
    thumbnail_url: mediaFiles.url(row.id, files.thumb, hidden),
    preview_url: mediaFiles.url(row.id, files.preview, hidden),
    download_url: bought?.downloadUrl ?? null,
    share_hash: mediaFiles.shareHash(ownerId, row.id),
    // A video plays once bought (albums spec §4: photos-and-videos or videos packages, or picked).
    video_url: purchased && row.type === 'video' ? mediaFiles.url(row.id, 'video') : null,
    width: row.width ?? 1,
    height: row.height ?? 1,
    duration_seconds: row.durationSeconds,
    taken_at: row.takenAt?.toISOString() ?? null,
  };
}
