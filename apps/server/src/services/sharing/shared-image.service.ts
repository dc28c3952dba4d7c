import { ErrorCode, type SharedImageResponse } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import { DomainError } from '../../http/errors';
import { albumMediaRepository } from '../../repositories/album-media.repository';
import { anonymizationRepository } from '../../repositories/anonymization.repository';
import { purchasedInAlbum } from '../../repositories/entitlements.repository';
import { photoServicesRepository } from '../../repositories/photo-services.repository';
import { viewedFiles } from '../media/media-dto';
import type { MediaFilesService } from '../media/media-files.service';
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
}) {
  return {
    async open(link: SharedLink): Promise<SharedImageResponse> {
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
      const files = viewedFiles(bought.has(row.id));
      const faces = hidden.get(row.id);
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
  };
}
export type SharedImageService = ReturnType<typeof sharedImageService>;
