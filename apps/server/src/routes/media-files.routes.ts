import { ErrorCode } from '@fotodrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../adapters/storage/storage';
import { DomainError, NotFoundError } from '../http/errors';
import { parseRange } from '../media/byte-range';
import { avifFallback, readMade } from '../media/deferred-derivatives';
import { attachmentDisposition } from '../media/download-names';
import { isBlurrable, type MakeBlurredFile, readBlurred } from '../media/face-blur';
import { verifyMediaUrl } from '../media/signed-url';
import { type MediaVariant, mediaContentType, mediaKey } from '../media/variants';
import { type DownloadRight, ownerOf } from '../services/media/download-owner';
import {
  downloadVariantOf,
  HIDDEN_SEGMENT,
  hiddenFacesOf,
  linkExpiry,
  ORIGINAL_DOWNLOAD,
  PHOTOBOOK_COVER_NAME,
  SERVED_FILES,
  type ServedFile,
  variantFor,
} from '../services/media/media-files.service';

/**
 * Media files, only through signed links: the signature is the permission (the API signs a
 * clean preview or an original only for someone entitled to it), checked without a database
 * lookup, so these routes can move to a CDN edge unchanged — except a bought original's download,
 * which also asks whether its owner still holds it (one statement: a refund ends the link).
 * Single byte ranges are answered with a 206, which browsers need to seek in a video.
 */
/** Seconds a stand-in WebP (for an AVIF thumbnail not made yet) may be cached. */
const STAND_IN_MAX_AGE = 300;

type Located<T> = { variant: MediaVariant; value: T; standIn: boolean };

export function mediaFileRoutes(
  app: FastifyInstance,
  deps: {
    apiBase: string;
    storage: Storage;
    secret: string;
    now: () => Date;
    /** Makes a blurred file not made yet (anonymous mode); false: it cannot be, serve nothing. */
    makeBlurred?: MakeBlurredFile;
    /** Whether a download link's owner still holds the medium (one indexed statement). */
    mayDownload: DownloadRight;
  },
) {
  /**
   * A medium's stored file through `read`, made now when it may be (an original the later job has
   * not made, a marked thumbnail of an old photo). An AVIF thumbnail not made yet is answered with
   * the same thumbnail's WebP: a grid never waits for the AVIF encoder (the later job makes it).
   */
  const locate = async <T>(
    id: string,
    variant: MediaVariant,
    read: (key: string) => Promise<T | null>,
  ): Promise<Located<T> | null> => {
    const stored = await read(mediaKey(id, variant));
    if (stored !== null) return { variant, value: stored, standIn: false };
    const standIn = avifFallback(variant);
    const served = standIn ?? variant;
    const value = await readMade(read, deps.storage, id, served);
    return value === null ? null : { variant: served, value, standIn: standIn !== null };
  };

  const checkSignature = (path: string, query: unknown) => {
    const verdict = verifyMediaUrl(path, query as Record<string, unknown>, {
      secret: deps.secret,
      now: deps.now(),
    });
    if (verdict === 'expired')
      throw new DomainError(403, 'link_expired', 'This link has expired. Reload the page.');
    if (verdict !== 'ok') throw new DomainError(403, 'invalid_link', 'This link is not valid.');
  };

  /**
   * Whether a download link's owner may have the medium (`download-owner.ts`), after its signature:
   * a refunded line's link stops at once, and so does one handed to someone else.
   */
  const checkOwner = async (id: string, ownerText: string, variant: MediaVariant) => {
    const owner = ownerOf(ownerText);
    if (!owner) throw new NotFoundError();
    const type = variant === 'video' ? 'video' : 'photo';
    if (!(await deps.mayDownload(owner, Number(id), type)))
      throw new DomainError(
        403,
        ErrorCode.downloadNotAllowed,
        `This ${type} is no longer part of your purchases.`,
      );
  };

  // A bought original as a download. The owner and the file name are part of the signed path, so
  // neither (nor the variant the name's extension picks) can be changed; checked exactly as it came.
  app.get<{ Params: { id: string; owner: string; name: string } }>(
    `${deps.apiBase}/media/:id/${ORIGINAL_DOWNLOAD}/:owner/:name`,
    async (request, reply) => {
      const { id, owner, name } = request.params;
      const variant = downloadVariantOf(name);
      if (!/^\d{1,12}$/.test(id) || !variant) throw new NotFoundError();
      checkSignature(request.url.split('?')[0]!, request.query);
      await checkOwner(id, owner, variant);
      // An original the later job has not made yet is made now, from the upload.
      const found = await readMade((key) => deps.storage.stream(key), deps.storage, id, variant);
      if (!found) throw new NotFoundError('This file is not ready yet.');
      return reply
        .headers({
          'cache-control': 'private',
          'content-disposition': attachmentDisposition(name),
          'content-type': mediaContentType(variant),
          'x-content-type-options': 'nosniff',
        })
        .header('content-length', String(found.size))
        .send(found.stream);
    },
  );

  // Links signed before downloads named their owner: permission without an owner to ask about, so
  // they end as expired ones do (the album signs a new one on its next load).
  for (const old of [
    `:id/${ORIGINAL_DOWNLOAD}/:name`,
    `:id/${HIDDEN_SEGMENT}/:faces/${ORIGINAL_DOWNLOAD}/:name`,
  ]) {
    app.get(`${deps.apiBase}/media/${old}`, async () => {
      throw new DomainError(403, 'link_expired', 'This link has expired. Reload the page.');
    });
  }

  /**
   * A blurred variant (anonymous mode): the hidden faces are part of the signed path, so a viewer
   * cannot reach the clear file by editing it. A file the job has not made yet is made now; when it
   * cannot be (a face re-indexed away), the answer is "not ready", never the clear file.
   */
  const blurredFile = async (id: string, faces: string, variant: MediaVariant) => {
    const faceIds = hiddenFacesOf(faces);
    if (!faceIds || !isBlurrable(variant)) throw new NotFoundError();
    const found = await readBlurred(
      (key) => deps.storage.stream(key),
      deps.makeBlurred,
      id,
      faceIds,
      variant,
    );
    if (!found) throw new NotFoundError('This file is not ready yet.');
    return found;
  };

  app.get<{ Params: { id: string; faces: string; owner: string; name: string } }>(
    `${deps.apiBase}/media/:id/${HIDDEN_SEGMENT}/:faces/${ORIGINAL_DOWNLOAD}/:owner/:name`,
    async (request, reply) => {
      const { id, faces, owner, name } = request.params;
      const variant = downloadVariantOf(name);
      if (!/^\d{1,12}$/.test(id) || variant !== 'original') throw new NotFoundError();
      checkSignature(request.url.split('?')[0]!, request.query);
      await checkOwner(id, owner, variant);
      const found = await blurredFile(id, faces, variant);
      return reply
        .headers({
          'cache-control': 'private',
          'content-disposition': attachmentDisposition(name),
          'content-type': mediaContentType(variant),
          'x-content-type-options': 'nosniff',
        })
        .header('content-length', String(found.size))
        .send(found.stream);
    },
  );

  app.get<{ Params: { id: string; faces: string; file: string } }>(
    `${deps.apiBase}/media/:id/${HIDDEN_SEGMENT}/:faces/:file`,
    async (request, reply) => {
      const { id, faces, file } = request.params;
      if (!/^\d{1,12}$/.test(id) || file === 'video' || !(SERVED_FILES as readonly string[]).includes(file))
        throw new NotFoundError();
      checkSignature(`${deps.apiBase}/media/${id}/${HIDDEN_SEGMENT}/${faces}/${file}`, request.query);
      const variant = variantFor(file as ServedFile, request.headers.accept);
      const found = await blurredFile(id, faces, variant);
      const maxAge = Math.max(
        0,
        Math.floor((linkExpiry(deps.now()).getTime() - deps.now().getTime()) / 1000),
      );
      // The whole file even when a range is asked: a photo, never a video, is blurred.
      return reply
        .headers({
          'cache-control': `private, max-age=${Math.min(maxAge, 86_400)}, immutable`,
          'content-type': mediaContentType(variant),
          vary: 'Accept',
          'x-content-type-options': 'nosniff',
        })
        .header('content-length', String(found.size))
        .send(found.stream);
    },
  );

  // A photobook preview cover, rendered for one viewer's book (the name is part of the signed path).
  app.get<{ Params: { name: string } }>(`${deps.apiBase}/photobook-covers/:name`, async (request, reply) => {
    const { name } = request.params;
    if (!PHOTOBOOK_COVER_NAME.test(name)) throw new NotFoundError();
    checkSignature(`${deps.apiBase}/photobook-covers/${name}`, request.query);
    const found = await deps.storage.stream(`photobook-covers/${name}`);
    if (!found) throw new NotFoundError('This file is not ready yet.');
    return reply
      .headers({
        'cache-control': 'private, max-age=86400, immutable',
        'content-type': 'image/jpeg',
        'x-content-type-options': 'nosniff',
      })
      .header('content-length', String(found.size))
      .send(found.stream);
  });

  app.get<{ Params: { id: string; file: string } }>(
    `${deps.apiBase}/media/:id/:file`,
    async (request, reply) => {
      const { id, file } = request.params;
      if (!/^\d{1,12}$/.test(id) || !(SERVED_FILES as readonly string[]).includes(file))
        throw new NotFoundError();
      checkSignature(`${deps.apiBase}/media/${id}/${file}`, request.query);

      const asked = variantFor(file as ServedFile, request.headers.accept);
      const maxAge = Math.max(
        0,
        Math.floor((linkExpiry(deps.now()).getTime() - deps.now().getTime()) / 1000),
      );
      // Only on answers with the file: a 404 "not ready yet" must not be cached for a day.
      const fileHeaders = (served: Located<unknown>) => ({
        'accept-ranges': 'bytes',
        // A stand-in WebP briefly: the browser asks again once the AVIF may be there.
        'cache-control': served.standIn
          ? `private, max-age=${STAND_IN_MAX_AGE}`
          : `private, max-age=${Math.min(maxAge, 86_400)}, immutable`,
        'content-type': mediaContentType(served.variant),
        vary: 'Accept',
        'x-content-type-options': 'nosniff',
      });

      // If-Range asks for the range only if the file is unchanged; we send no validators to
      // compare it with, so the whole file is the safe answer.
      const rangeHeader = request.headers['if-range'] === undefined ? request.headers.range : undefined;
      if (rangeHeader === undefined) {
        // The common case (every thumbnail of a grid): one storage call, no size lookup first.
        const served = await locate(id, asked, (key) => deps.storage.stream(key));
        if (!served) throw new NotFoundError('This file is not ready yet.');
        return reply
          .headers(fileHeaders(served))
          .header('content-length', String(served.value.size))
          .send(served.value.stream);
      }
      // A retry of the job may replace the file between the size and the stream: look again if the
      // stream's own size no longer matches the one the range was computed from.
      for (let attempt = 0; attempt < 3; attempt++) {
        const served = await locate(id, asked, (key) => deps.storage.size(key));
        if (!served) throw new NotFoundError('This file is not ready yet.');
        const size = served.value;
        const answer = parseRange(rangeHeader, size);
        if (answer.kind === 'unsatisfiable') {
          return reply
            .status(416)
            .header('accept-ranges', 'bytes')
            .header('content-range', `bytes */${size}`)
            .header('cache-control', 'no-store')
            .send({ code: 'range_not_satisfiable', message: 'The requested range is not in the file.' });
        }
        const range = answer.kind === 'partial' ? answer.range : undefined;
        const found = await deps.storage.stream(mediaKey(id, served.variant), range);
        if (!found) throw new NotFoundError('This file is not ready yet.');
        if (found.size !== size) {
          (found.stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
          continue;
        }
        reply.headers(fileHeaders(served));
        if (!range) return reply.header('content-length', String(size)).send(found.stream);
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(found.stream);
      }
      throw new DomainError(503, 'file_changing', 'This file is being replaced. Try again.');
    },
  );
}
