import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../media/download-names';

/** A console list's CSV export sent as a download, never cached (codes, orders). */
export function sendCsv(reply: FastifyReply, csv: { text: string; fileName: string }) {
  return reply
    .headers({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': attachmentDisposition(csv.fileName),
      'cache-control': 'private, no-store',
    })
    .send(csv.text);
}
