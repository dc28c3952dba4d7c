import {
  splitUploadTags,
  type tusUploadMetadataSchema,
  type UploadCheckBody,
  type UploadCheckResponse,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../http/errors';
import { albumMediaRepository } from '../../repositories/album-media.repository';
import { mediaRepository } from '../../repositories/media.repository';
import type { PhotoServiceRow } from '../../repositories/photo-services.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';
import type { IngestResult, IngestTarget, MediaFilesService } from './media-files.service';

/** An upload's Upload-Metadata, parsed with the contract's schema (by the route). */
export type UploadMetadata = z.output<typeof tusUploadMetadataSchema>;

/** The metadata key the server adds: who created the upload (a client's own value is dropped). */
export const OWNER_KEY = 'user';

/**
 * The rules of resumable uploads (tus, `routes/tus-uploads.routes.ts` speaks the protocol) and of
 * the batch check: who may upload where, checked on every request with the console's role check
 * (`media.upload`), and the finished file handed to the same pipeline as a multipart upload.
 */
export function uploadsService(deps: { db: Db; mediaFiles: MediaFilesService }) {
  const access = () => consoleAccess(deps.db);

  async function galleryIn(event: PhotoServiceRow, galleryId: number | undefined): Promise<number | null> {
    if (galleryId === undefined) return null;
    // matched in memory, not by a query on the id: another event's gallery is simply not found
    const galleries = await albumMediaRepository(deps.db).galleriesOf(event.id);
    if (!galleries.some((g) => g.id === galleryId))
      throw new ValidationError({ gallery: ['gallery.unknown'] });
    return galleryId;
  }

  /** The event an upload's metadata names, if the caller may upload to it (404/403 otherwise). */
  const eventOf = async (auth: AuthContext, data: UploadMetadata) =>
    (await access().event(auth, data.event, 'media.upload')).event;

  return {
    /**
     * A new upload's metadata as it is stored: checked (event, gallery of that event, role), only
     * the known keys kept, and its creator's id added by the server.
     */
    async create(auth: AuthContext, data: UploadMetadata): Promise<Record<string, string>> {
      await galleryIn(await eventOf(auth, data), data.gallery);
      return {
        event: data.event,
        ...(data.gallery !== undefined ? { gallery: String(data.gallery) } : {}),
        ...(data.filename !== undefined ? { filename: data.filename } : {}),
        ...(data.tags !== undefined ? { tags: data.tags } : {}),
        [OWNER_KEY]: String(auth.user.id),
      };
    },

    /**
     * May the caller continue (HEAD, PATCH) or end (DELETE) this stored upload? Only its creator,
     * and only while their role still allows uploads to its event; anyone else is told it does not
     * exist (404), like an outsider of the event.
     */
    async mayContinue(auth: AuthContext, data: UploadMetadata, owner: string | undefined): Promise<void> {
      if (owner !== String(auth.user.id)) throw new NotFoundError('Upload not found.');
      await eventOf(auth, data);
    },

    /** Where a finished upload goes, checked again (a gallery may have been deleted meanwhile). */
    async targetOf(auth: AuthContext, data: UploadMetadata): Promise<IngestTarget> {
      const event = await eventOf(auth, data);
      return {
        photoServiceId: event.id,
        galleryId: await galleryIn(event, data.gallery),
        tags: splitUploadTags(data.tags),
        filename: data.filename ?? null,
        uploadedBy: auth.user.id,
      };
    },

    /** A finished upload's bytes through the multipart upload's checks (`MediaFilesService.ingestStream`). */
    ingest(source: AsyncIterable<Uint8Array>, target: IngestTarget): Promise<IngestResult> {
      return deps.mediaFiles.ingestStream(source, target);
    },

    /** Which of the files the event already holds (same sha256), so a folder chosen again sends only new files. */
    async check(auth: AuthContext, slug: string, body: UploadCheckBody): Promise<UploadCheckResponse> {
      const { event } = await access().event(auth, slug, 'media.upload');
      const shas = [...new Set(body.files.map((f) => f.sha256))];
      const held = new Map(
        (await mediaRepository(deps.db).heldContents(event.id, shas)).map((r) => [r.sha256, r.id]),
      );
      return {
        held: body.files.flatMap((f) => {
          const id = held.get(f.sha256);
          return id === undefined ? [] : [{ name: f.name, sha256: f.sha256, media_id: id }];
        }),
      };
    },
  };
}
export type UploadsService = ReturnType<typeof uploadsService>;
