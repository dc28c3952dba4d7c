import multipart from '@fastify/multipart';
import { organiserEndpoints, uploadMediaFieldsSchema, uploadMediaParamsSchema } from '@fotodrop/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { DomainError, ValidationError } from '../http/errors';
import { NUL_MESSAGE, nulFields, parse, toFastifyPath } from '../http/route';
import { albumMediaRepository } from '../repositories/album-media.repository';
import type { ReceivedUpload } from '../services/media/media-files.service';
import { consoleAccess } from '../services/organisations/console-access';
import type { Services } from '../services/services';

/**
 * Photo and video upload for organisers: multipart, the file received to disk as it arrives
 * (`MediaFilesService.receive`: refused at its first bytes when it is no photo or video, and as soon
 * as it passes its kind's size limit), then the same checks as every ingest. A refused or failed
 * upload's file is removed on every path, including a client that goes away mid-upload.
 */
export async function organiserRoutes(
  app: FastifyInstance,
  deps: { apiBase: string; services: Services; db: Db },
) {
  await app.register(multipart, {
    limits: { fileSize: deps.services.mediaFiles.maxUploadBytes(), files: 1, fields: 10, fieldSize: 2000 },
  });
  const endpoint = organiserEndpoints.uploadMedia;
  app.post(toFastifyPath(deps.apiBase, endpoint.path), async (request, reply) => {
    const auth = await deps.services.auth.authenticate(request.headers.authorization);
    deps.services.auth.requireAccess(auth, endpoint.access);
    const params = parse(uploadMediaParamsSchema, request.params, 'params')!;
    if (!request.isMultipart()) throw new ValidationError({ file: ['upload.multipart_required'] });

    // The console's role check (issue 18): outsiders and unassigned photographers 404, roles without uploads 403.
    const { event: service } = await consoleAccess(deps.db).event(auth!, params.slug, 'media.upload');

    const fields: Record<string, string> = {};
    let file: { upload: ReceivedUpload; filename: string } | null = null;
    let result: Awaited<ReturnType<typeof ingest>>;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          file = { upload: await deps.services.mediaFiles.receive(part.file), filename: part.filename };
          // A file over every limit is cut off by the parser (the stream ends early, marked truncated).
          if (part.file.truncated) throw tooLarge(deps.services.mediaFiles.maxUploadBytes());
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const data = parse(uploadMediaFieldsSchema, fields, 'body')!;
      if (!file) throw new ValidationError({ file: ['field.required'] });
      // the file's name is kept with the photo: a string of the request like the fields
      if (nulFields(file.filename).length > 0) throw new ValidationError({ file: [NUL_MESSAGE] });
      result = await ingest(service, data, file, auth!.user.id);
    } catch (error) {
      // The rest of a refused upload is not read: the connection closes after the answer rather
      // than receive (and discard) hundreds of megabytes first.
      if (!request.raw.readableEnded) reply.header('connection', 'close');
      const cutOff = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
      throw cutOff ? tooLarge(deps.services.mediaFiles.maxUploadBytes()) : error;
    } finally {
      await file?.upload.discard();
    }
    return reply.status(result.duplicate ? 200 : 201).send(result);
  });

  async function ingest(
    service: { id: number },
    data: z.infer<typeof uploadMediaFieldsSchema>,
    file: { upload: ReceivedUpload; filename: string },
    uploadedBy: number,
  ) {
    let galleryId: number | null = null;
    const { gallery: name, gallery_id: wantedId } = data;
    if (name !== undefined || wantedId !== undefined) {
      // matched in memory, not by a query on the id: another event's gallery is simply not found
      const galleries = await albumMediaRepository(deps.db).galleriesOf(service.id);
      const gallery =
        wantedId !== undefined
          ? galleries.find((g) => g.id === wantedId)
          : galleries.find((g) => g.name.toLowerCase() === name!.toLowerCase());
      if (!gallery) {
        throw new ValidationError({
          [wantedId !== undefined ? 'gallery_id' : 'gallery']: ['gallery.unknown'],
        });
      }
      galleryId = gallery.id;
    }
    return deps.services.mediaFiles.ingest({
      photoServiceId: service.id,
      galleryId,
      tags: data.tags,
      filename: file.filename,
      upload: file.upload,
      uploadedBy,
    });
  }
}

function tooLarge(maxBytes: number): DomainError {
  const limit = Math.floor(maxBytes / 2 ** 20);
  return new DomainError(413, 'media_rejected', `The file is larger than ${limit} MB.`, {
    reason: 'too_large_file',
  });
}
