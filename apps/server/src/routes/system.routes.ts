import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../adapters/mail/mailer';
import type { Database } from '../db/client';
import { NotFoundError } from '../http/errors';
import { buildOpenApiDocument } from '../http/openapi';

export async function systemRoutes(
  app: FastifyInstance,
  { apiBase, database, mailer }: { apiBase: string; database: Database; mailer: Mailer },
) {
  app.get(`${apiBase}/health`, async (_request, reply) => {
    try {
      await database.executeSql('select 1', []);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  const document = buildOpenApiDocument(apiBase);
  app.get(`${apiBase}/openapi.json`, async () => document);
  await app.register(scalar, {
    routePrefix: `${apiBase}/docs` as `/${string}`,
    configuration: { content: document, title: 'Fotodrop API', withDefaultFonts: false },
  });

  // The development mailbox: only when mail is written to the outbox instead of leaving over SMTP.
  const outbox = mailer.outboxDir;
  if (outbox) {
    app.get(`${apiBase}/dev/mailbox`, async () => {
      const files = await readdir(outbox).catch(() => [] as string[]);
      return {
        messages: files
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse(),
      };
    });
    app.get<{ Params: { name: string } }>(`${apiBase}/dev/mailbox/:name`, async (request, reply) => {
      const name = request.params.name;
      if (!/^[\w.-]+\.eml$/.test(name)) throw new NotFoundError();
      const content = await readFile(join(outbox, name), 'utf8').catch(() => null);
      if (content === null) throw new NotFoundError();
      return reply.type('text/plain; charset=utf-8').send(content);
    });
  }
}
