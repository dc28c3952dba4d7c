import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets with long-lived caching, and index.html for every app
 * route (the SPA decides what is a page). Unknown API paths stay JSON 404s.
 */
export async function webRoutes(
  app: FastifyInstance,
  { apiBase, webDist }: { apiBase: string; webDist: string | null },
) {
  const hasWeb = webDist !== null && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = hasWeb ? await readFile(join(webDist, 'index.html'), 'utf8') : null;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === apiBase || path.startsWith(`${apiBase}/`) || request.method !== 'GET' || !indexHtml) {
      return reply.status(404).send({ code: 'not_found', message: 'Not found.' });
    }
    // Files of the build are routes of their own; a file path that lands here (a stale asset) is a real 404.
    if (/\.[a-z0-9]{1,8}$/i.test(path))
      return reply.status(404).send({ code: 'not_found', message: 'Not found.' });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
