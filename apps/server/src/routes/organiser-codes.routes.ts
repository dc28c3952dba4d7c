import { CODE_IMPORT_MAX_BYTES, organiserCodeEndpoints as k } from '@fotodrop/contract';
import type { FastifyInstance } from 'fastify';
import { attachmentDisposition } from '../media/download-names';
import type { RouteContext } from './context';
import { sendCsv } from './csv-reply';

/**
 * Album codes in the organiser console (issue 18); every rule is in services/codes. The CSV
 * export and the cards PDF are files: their handlers send them and answer the reply.
 */
export function organiserCodeRoutes({ route, services }: RouteContext, deps: { app: FastifyInstance }): void {
  const { codes } = services;
  // An import is a CSV file sent as it is; its own limit, above the API's 1 MB for JSON.
  deps.app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: CODE_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  route(k.generateCodes, async ({ auth, params, body }) => codes.generate(auth, params.slug, body));
  route(k.listCodes, async ({ auth, params, query, reply }) => {
    if (query.format === 'json') return codes.list(auth, params.slug, query);
    return sendCsv(reply, await codes.exportCsv(auth, params.slug, query));
  });
  route(k.importCodes, async ({ auth, params, body }) => codes.importCsv(auth, params.slug, body));
  route(k.revokeCode, async ({ auth, params }) => codes.revoke(auth, params.slug, params.code));
  route(k.codeCards, async ({ auth, params, query, reply }) => {
    const pdf = await codes.cards(auth, params.slug, query);
    return reply
      .headers({
        'content-type': 'application/pdf',
        'content-disposition': attachmentDisposition(pdf.fileName),
        'cache-control': 'private, no-store',
        'x-card-count': String(pdf.cards),
      })
      .send(pdf.stream);
  });
}
