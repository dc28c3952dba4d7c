import { ErrorCode, type SharedImageResponse } from '@fotodrop/contract';
import type { Storage } from '../../adapters/storage/storage';
import type { Queryable } from '../../db/client';
import { DomainError } from '../../http/errors';
import { imageSize } from '../../media/image-size';
import { mediaKey } from '../../media/variants';
import { albumMediaRepository } from '../../repositories/album-media.repository';
import { anonymizationRepository } from '../../repositories/anonymization.repository';
import { purchasedInAlbum } from '../../repositories/entitlements.repository';
import { photoServicesRepository } from '../../repositories/photo-services.repository';
import { viewedFiles } from '../media/media-dto';
import { type MediaFilesService, variantFor } from '../media/media-files.service';
import type { ShareHasher } from './share-hash';

export interface SharedLink {
  security_hash: string;
  user_id: number;
  media_id: number;
}

const invalid = () =>
  new DomainError(
    400,
    ErrorCode.invalidSharedLink,
    'This link is not valid or the photo is no longer shared.',
  );

/** What a messenger shows of a share link (Open Graph): the event, the image and its real size. */
export interface SharedLinkPreview {
  eventName: string;
  /** The signed path of the image the visitor sees (watermarked unless the sharer bought it). */
  imageUrl: string;
  /** Read from the stored file; null when it cannot be read (the tags are then left out). */
  size: { width: number; height: number } | null;
}

/**
 * Opening a share link (entry spec §8): the hash must be the sharer's for this medium, and the
 * medium must still be in one of the sharer's albums, ready, in an event that allows sharing.
 * The visitor sees what the sharer sees: watermarked unless the sharer bought it, the faces of
 * participants in anonymous mode blurred (the sharer's own face is theirs to share).
 */
export function sharedImageService(deps: {
  db: Queryable;
  mediaFiles: Pick<MediaFilesService, 'url'>;
  shares: ShareHasher;
  storage: Pick<Storage, 'get'>;
}) {
  /** The medium a valid link shows, its event and the files its sharer sees; throws when invalid. */
  async function resolve(link: SharedLink) {
    if (!deps.shares.verify(link.security_hash, link.user_id, link.media_id)) throw invalid();
    const albums = albumMediaRepository(deps.db);
    const checkinId = await albums.albumShowing(link.user_id, link.media_id);
    const [row] = checkinId === null ? [] : await albums.rowsOf(link.user_id, [link.media_id]);
    if (!row || checkinId === null) throw invalid();
    const service = await photoServicesRepository(deps.db).findById(row.photoServiceId);
    if (!service || service.shareMode === 'd') throw invalid();
    const [bought, hidden] = await Promise.all([
      purchasedInAlbum(deps.db, link.user_id, checkinId, [row]),
      anonymizationRepository(deps.db).hiddenFromViewer(link.user_id, [row.id]),
    ]);
    return { row, service, files: viewedFiles(bought.has(row.id)), faces: hidden.get(row.id) };
  }

  return {
    async open(link: SharedLink): Promise<SharedImageResponse> {
      const { row, service, files, faces } = await resolve(link);
      return {
        is_valid: true,
        media: {
          id: row.id,
          type: row.type,
          url: deps.mediaFiles.url(row.id, files.preview, faces),
          thumbnail_url: deps.mediaFiles.url(row.id, files.thumb, faces),
          width: row.width ?? 1,
          height: row.height ?? 1,
        },
        event: { id: service.id, name: service.name, slug: service.slug },
      };
    },

    /**
     * The link preview of a share link's page, or null when the link is not valid. The image's size
     * is the preview file's own (at most 1600 px, not the photo's): a blurred variant has the same.
     */
    async linkPreview(link: SharedLink): Promise<SharedLinkPreview | null> {
      const found = await resolve(link).catch(() => null);
      if (!found) return null;
      const { row, service, files, faces } = found;
      const bytes = await deps.storage
        .get(mediaKey(row.id, variantFor(files.preview, undefined)))
        .catch(() => null);
      return {
        eventName: service.name,
        imageUrl: deps.mediaFiles.url(row.id, files.preview, faces),
        size: bytes ? await imageSize(bytes) : null,
      };
    },
  };
}
export type SharedImageService = ReturnType<typeof sharedImageService>;
