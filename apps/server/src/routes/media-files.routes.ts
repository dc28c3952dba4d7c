import type { FastifyInstance } from 'fastify';
import type { Storage } from '../adapters/storage/storage';
import { DomainError, NotFoundError } from '../http/errors';
import { verifyMediaUrl } from '../media/signed-url';
import { mediaContentType, mediaKey } from '../media/variants';
import { linkExpiry, SERVED_FILES, type ServedFile, variantFor } from '../services/media-files.service';

/**
 * Media files, only through signed links: the signature is the permission (the API signs a
 * clean preview or an original only for someone entitled to it), checked without a database
 * lookup, so this route can move to a CDN edge unchanged.
 */
export function mediaFileRoutes(
  app: FastifyInstance,
  deps: { apiBase: string; storage: Storage; secret: string; now: () => Date },
) {
  app.get<{ Params: { id: string; file: string } }>(
    `${deps.apiBase}/media/:id/:file`,
    async (request, reply) => {
      const { id, file } = request.params;
      if (!/^\d{1,12}$/.test(id) || !(SERVED_FILES as readonly string[]).includes(file))
        throw new NotFoundError();
      const path = `${deps.apiBase}/media/${id}/${file}`;
      const verdict = verifyMediaUrl(path, request.query as Record<string, unknown>, {
        secret: deps.secret,
        now: deps.now(),
      });
      if (verdict === 'expired')
        throw new DomainError(403, 'link_expired', 'This link has expired. Reload the page.');
      if (verdict !== 'ok') throw new DomainError(403, 'invalid_link', 'This link is not valid.');

      const variant = variantFor(file as ServedFile, request.headers.accept);
      const found = await deps.storage.stream(mediaKey(id, variant));
      if (!found) throw new NotFoundError('This file is not ready yet.');
      const maxAge = Math.max(
        0,
        Math.floor((linkExpiry(deps.now()).getTime() - deps.now().getTime()) / 1000),
      );
      return reply
        .header('content-type', mediaContentType(variant))
        .header('content-length', String(found.size))
        .header('cache-control', `private, max-age=${Math.min(maxAge, 86_400)}, immutable`)
        .header('vary', 'Accept')
        .header('x-content-type-options', 'nosniff')
        .send(found.stream);
    },
  );
}
