import { ErrorCode, METRIC_BATCH_MAX, metricEndpoints } from '@fotodrop/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyTrustProxy, requestIdOf } from './app';
import type { TrustProxy } from './config';
import { setErrorHandler } from './http/error-handler';
import { RateLimitedError } from './http/errors';
import { checkAnswersAgainstContract, type ResponseMismatch, registerRoute } from './http/route';
import { webOriginAllowed, webOrigins } from './http/web-origins';
import type { MetricIntake } from './services/metrics/metric-intake';

/** The listener routes the contract's metric endpoint at its own root: it is a host of its own. */
export const METRICS_BASE = '';
export const METRICS_BODY_LIMIT = 256 * 1024;
/**
 * decision: messages all senders together may send a minute by default: 2,000 a second, a busy
 * event's crowd (each phone sends a few dozen a minute while browsing); beyond it 429 and the
 * browsers' queues wait. The 278,600 messages of 15 s in issue 17 would be about 50,000
 * (ten seconds' worth at once, then the rate).
 */
export const METRICS_MESSAGES_PER_MINUTE = 120_000;

export interface MetricsAppOptions {
  intake: MetricIntake;
  /** PUBLIC_URL: the web app's origin; its subdomains (organisations' sites) are allowed too. */
  publicUrl: string;
  /** PUBLIC_ORIGINS: other origins the web app is reached by (and their organisation subdomains). */
  otherOrigins?: readonly string[];
  /** Posts one address may make per minute (a whole crowd behind one Wi-Fi shares it). */
  ratePerMinute: number;
  /** Messages all senders together may send per minute (METRICS_MESSAGES_PER_MINUTE); see `intakeBudget`. */
  messagesPerMinute?: number;
  now?: () => number;
  logLevel?: string;
  trustProxy?: TrustProxy;
  onResponseMismatch?: (mismatch: ResponseMismatch) => void;
}

/** Fixed one-minute windows per address, in memory: the listener writes nothing per request but messages. */
function minuteLimiter(max: number) {
  let windowStart = Date.now();
  let counts = new Map<string, number>();
  return (ip: string): number | null => {
    const at = Date.now();
    if (at - windowStart >= 60_000) {
      windowStart = at;
      counts = new Map();
    }
    const count = (counts.get(ip) ?? 0) + 1;
    counts.set(ip, count);
    return count > max ? Math.max(1, Math.ceil((windowStart + 60_000 - at) / 1000)) : null;
  };
}

/**
 * The listener's total intake (every address together, so many addresses cannot add up to a
 * flood): a bucket that refills with `perMinute` messages a minute and holds ten seconds' worth
 * (at least one full batch). A post that does not fit is refused whole with the seconds until it
 * would; the browser keeps it queued.
 */
export function intakeBudget(perMinute: number, now: () => number = Date.now) {
  const perMs = perMinute / 60_000;
  const capacity = Math.max(METRIC_BATCH_MAX, perMinute / 6);
  let tokens = capacity;
  let at = now();
  return (messages: number): number | null => {
    const t = now();
    tokens = Math.min(capacity, tokens + (t - at) * perMs);
    at = t;
    if (messages <= tokens) {
      tokens -= messages;
      return null;
    }
    return Math.max(1, Math.ceil((Math.min(messages, capacity) - tokens) / perMs / 1000));
  };
}

/**
 * The metrics listener: its own Fastify instance (its own port, or its own process with
 * `npm run metrics`), so the main API never waits on it and it keeps taking messages while the
 * API is busy. Small bodies, validated by the contract, written in batches by `MetricIntake`.
 */
export async function buildMetricsApp(options: MetricsAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    bodyLimit: METRICS_BODY_LIMIT,
  });
  if (options.onResponseMismatch) {
    checkAnswersAgainstContract(app, METRICS_BASE, [metricEndpoints.send], options.onResponseMismatch);
  }
  // sendBeacon posts text/plain (a type that needs no preflight); its text is the same JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The body is not JSON.'), { statusCode: 400 }), undefined);
    }
  });

  // The store could not be written (database down or busy): the browser keeps its queue.
  setErrorHandler(app, (error, request, reply) => {
    request.log.error({ err: error }, 'metrics not stored');
    return reply.status(503).header('retry-after', '5').send({
      code: ErrorCode.serverError,
      message: 'Metrics are not stored right now, send them again later.',
    });
  });

  const limited = minuteLimiter(options.ratePerMinute);
  const budget = intakeBudget(options.messagesPerMinute ?? METRICS_MESSAGES_PER_MINUTE, options.now);
  // Pages of any other site are refused, also for the simple (text/plain) posts of
  // `navigator.sendBeacon` that no preflight guards.
  const sites = webOrigins(options.publicUrl, options.otherOrigins);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!webOriginAllowed(sites, origin)) {
        return reply
          .status(403)
          .send({ code: 'forbidden_origin', message: 'This site may not send metrics here.' });
      }
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
    }
    if (request.method === 'POST') {
      const retryAfter = limited(request.ip);
      if (retryAfter !== null) throw new RateLimitedError(retryAfter);
    }
  });

  const path = metricEndpoints.send.path;
  app.options(path, async (_request, reply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type, authorization, x-request-id')
      .header('access-control-max-age', '86400')
      .send(),
  );
  // The user comes from the token (header, or the body's copy for sendBeacon), checked in the intake.
  registerRoute(
    app,
    METRICS_BASE,
    async () => null,
    metricEndpoints.send,
    async ({ body, request }) => {
      const retryAfter = budget(body.messages.length);
      if (retryAfter !== null) throw new RateLimitedError(retryAfter);
      return {
        accepted: await options.intake.submit(
          body.messages,
          request.headers.authorization ?? body.authorization,
          request.ip,
        ),
      };
    },
  );
  app.get('/health', async () => ({ status: 'ok' }));
  app.addHook('onClose', async () => options.intake.drain());
  return app;
}
