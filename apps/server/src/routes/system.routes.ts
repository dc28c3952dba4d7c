import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Mailer } from '../adapters/mail/mailer';
import type { Database } from '../db/client';
import { NotFoundError } from '../http/errors';
import { buildOpenApiDocument } from '../http/openapi';
import { lazyApiReference } from './api-reference';

/** How long readiness waits for the database before calling it unavailable. */
export const READINESS_TIMEOUT_MS = 2000;

export interface SystemRouteOptions {
  apiBase: string;
  database: Database;
  mailer: Mailer;
  /** Throws 401 without a session and 403 unless the caller is platform staff. */
  requireStaff: (request: FastifyRequest) => Promise<void>;
  readinessTimeoutMs?: number;
}

export async function systemRoutes(app: FastifyInstance, options: SystemRouteOptions) {
  const { apiBase, database, mailer, requireStaff } = options;
  // Liveness: the process answers. Touches nothing, so it stays fast however busy the database is.
  app.get(`${apiBase}/health`, async () => ({ status: 'ok', database: database.kind }));

  // Readiness: the database answers a trivial query in time; 503 tells a balancer to send traffic elsewhere.
  const timeoutMs = options.readinessTimeoutMs ?? READINESS_TIMEOUT_MS;
  app.get(`${apiBase}/health/ready`, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database timeout')), timeoutMs);
    });
    try {
      await Promise.race([database.executeSql('select 1', []), timeout]);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    } finally {
      clearTimeout(timer);
    }
  });

  const document = buildOpenApiDocument(apiBase);
  app.get(`${apiBase}/openapi.json`, async () => document);
  lazyApiReference(app, `${apiBase}/docs` as `/${string}`, {
    content: document,
    title: 'Fotodrop API',
    withDefaultFonts: false,
  });

  // The development mailbox: only when mail is written to the outbox instead of leaving over SMTP.
  const outbox = mailer.outboxDir;
  if (outbox) {
    // Reset links land here: only platform staff may read them (decisions.md, "Dev mailbox").
    app.get(`${apiBase}/dev/mailbox`, { preHandler: requireStaff }, async () => {
      const files = await readdir(outbox).catch(() => [] as string[]);
      return {
        messages: files
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse(),
      };
    });
    app.get<{ Params: { name: string } }>(
      `${apiBase}/dev/mailbox/:name`,
      { preHandler: requireStaff },
      async (request, reply) => {
        const name = request.params.name;
        if (!/^[\w.-]+\.eml$/.test(name)) throw new NotFoundError();
        const content = await readFile(join(outbox, name), 'utf8').catch(() => null);
        if (content === null) throw new NotFoundError();
        return reply.type('text/plain; charset=utf-8').send(content);
      },
    );
  }
}
