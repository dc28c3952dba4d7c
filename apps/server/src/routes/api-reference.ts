import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** Headers of the reference's answers that the visitor's answer carries over. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'location'];

/**
 * The API reference (Scalar) at `routePrefix`, loaded on its first visit.
 *
 * decision (issue 17, memory at rest): Scalar's plugin is one 4 MB module that carries the
 * reference's browser bundle as a string; imported, the two held ~17 MB of the server's
 * JavaScript heap for good, in every process, for a page few ever open. It now loads on the first
 * request under `routePrefix`, in a Fastify instance of its own whose answers this route passes
 * on (status, body and the headers above); the app's own hooks (security headers, the reference's
 * script hashes) apply to them as to any answer.
 */
export function lazyApiReference(
  app: FastifyInstance,
  routePrefix: `/${string}`,
  configuration: Record<string, unknown>,
): void {
  let reference: Promise<FastifyInstance> | undefined;
  const load = async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const instance = Fastify();
    await instance.register(scalar, { routePrefix, configuration });
    await instance.ready();
    return instance;
  };
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    reference ??= load().catch((error: unknown) => {
      reference = undefined;
      throw error;
    });
    const inner = await (await reference).inject({
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      url: request.url,
      headers: { accept: request.headers.accept ?? '*/*' },
    });
    reply.status(inner.statusCode);
    for (const name of KEPT_HEADERS) {
      const value = inner.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    // Text as a string, so the reference page's script hashes are computed from it (security-headers.ts).
    const text = /^(text\/|application\/(json|javascript|yaml))/.test(
      String(inner.headers['content-type'] ?? ''),
    );
    return reply.send(text ? inner.body : inner.rawPayload);
  };
  app.get(routePrefix, answer);
  app.get(`${routePrefix}/*`, answer);
}
