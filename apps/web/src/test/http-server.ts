import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (
  req: RecordedRequest,
) => { status: number; body?: unknown; headers?: Record<string, string> } | undefined;

export interface TestServerOptions {
  /**
   * Answer the CORS preflight and allow the test page's origin. jsdom's XMLHttpRequest (uploads
   * with progress), unlike fetch in tests, enforces the same-origin rules, and the test page
   * (localhost:3000) is another origin than this server.
   */
  cors?: boolean;
}

/** A real local HTTP server (port 0) that records requests and answers from `handler`. */
export async function startTestServer(handler: Handler, options: TestServerOptions = {}) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const cors: Record<string, string> = options.cors
      ? {
          'Access-Control-Allow-Origin': req.headers.origin ?? '*',
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
          'Access-Control-Allow-Methods': 'GET, POST, PATCH, HEAD, DELETE',
          // tus reads these from its answers
          'Access-Control-Expose-Headers':
            'Location, Upload-Offset, Upload-Length, Upload-Result, Tus-Resumable',
        }
      : {};
    if (options.cors && req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const answer = handler(recorded) ?? { status: 404, body: { code: 'not_found', message: 'Not found.' } };
      res.writeHead(answer.status, { ...cors, ...answer.headers, 'Content-Type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
