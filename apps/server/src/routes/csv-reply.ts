import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../media/download-names';

/**
 * A console list's CSV export sent as a download, never cached (codes, orders); a text that comes
 * in parts (the orders') is streamed as it is written.
 */
export function sendCsv(
  reply: FastifyReply,
  csv: { text: string | AsyncIterable<string>; fileName: string },
) {
  return reply
    .headers({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': attachmentDisposition(csv.fileName),
      'cache-control': 'private, no-store',
    })
    .send(typeof csv.text === 'string' ? csv.text : Readable.from(csv.text));
}
