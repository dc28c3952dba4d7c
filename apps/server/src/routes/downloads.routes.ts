import { checkinEndpoints as c } from '@fotodrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../adapters/storage/storage';
import { NotFoundError } from '../http/errors';
import { parseRange } from '../media/byte-range';
import { attachmentDisposition } from '../media/download-names';
import type { RouteContext } from './context';

/**
 * Album zips: asking for one (POST download-medias), its progress (GET download-medias), and the
 * signed link its e-mail carries, answered as an attachment. Single range requests are answered
 * (206) so an interrupted download of a large zip can resume.
 */
export function downloadRoutes(
  { route, services, requestInfo }: RouteContext,
  deps: { app: FastifyInstance; apiBase: string; storage: Storage },
): void {
  const { albumZips } = services;
  route(c.downloadMedias, async ({ auth, params, request }) =>
    albumZips.request(auth, params.id, { linkBase: await (await requestInfo(request)).linkBase() }),
  );
  route(c.downloadStatus, async ({ auth, params }) => albumZips.status(auth, params.id));

  deps.app.get<{ Params: { id: string; name: string } }>(
    `${deps.apiBase}/downloads/zips/:id/:name`,
    async (request, reply) => {
      const { id, name } = request.params;
      if (!/^\d{1,12}$/.test(id) || !name.endsWith('.zip')) throw new NotFoundError();
      // The name is part of the signed path: checked exactly as it came.
      const { key, zip } = await albumZips.open(
        Number(id),
        request.url.split('?')[0]!,
        request.query as never,
      );
      const size = await deps.storage.size(key);
      if (size === null)
        throw new NotFoundError('This zip is no longer available. Ask for a new one in your album.');
      const rangeHeader = request.headers['if-range'] === undefined ? request.headers.range : undefined;
      const answer = rangeHeader === undefined ? null : parseRange(rangeHeader, size);
      if (answer?.kind === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${size}`)
          .send({ code: 'range_not_satisfiable', message: 'The requested range is not in the file.' });
      }
      const range = answer?.kind === 'partial' ? answer.range : undefined;
      const found = await deps.storage.stream(key, range);
      if (!found)
        throw new NotFoundError('This zip is no longer available. Ask for a new one in your album.');
      // A download counts once, at its first byte: not a resumed part, not a HEAD request.
      if (request.method === 'GET' && (!range || range.start === 0)) await albumZips.recordDownload(zip);
      reply.headers({
        'accept-ranges': 'bytes',
        'cache-control': 'private',
        'content-disposition': attachmentDisposition(name),
        'content-type': 'application/zip',
        'x-content-type-options': 'nosniff',
      });
      if (!range) return reply.header('content-length', String(size)).send(found.stream);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(found.stream);
    },
  );
}
