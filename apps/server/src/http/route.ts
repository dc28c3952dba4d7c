import type { Endpoint } from '@fotodrop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext, Caller, DeferredSession } from '../services/accounts/auth.service';
import { ValidationError } from './errors';
import { isMultipartRequest, multipartFields } from './multipart-body';

type Out<S> = S extends z.ZodType ? z.output<S> : never;

export interface RouteInput<E extends Endpoint> {
  params: Out<NonNullable<E['params']>>;
  query: Out<NonNullable<E['query']>>;
  body: Out<NonNullable<E['body']>>;
  /** The signed-in user; present whenever the endpoint's access is not 'public'. */
  auth: E['access'] extends 'public' ? AuthContext | null : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A handler answers the endpoint's response, or the reply itself once it has sent a file (a CSV
 * export, a PDF) with its own headers.
 */
export type Handler<E extends Endpoint> = (
  input: RouteInput<E>,
) => Promise<(E['response'] extends z.ZodType ? z.input<E['response']> : never) | FastifyReply>;

/** Resolves the caller of a request, enforcing the endpoint's access rule (throws 401/403). */
export type Authenticate = (
  request: FastifyRequest,
  access: Endpoint['access'],
) => Promise<AuthContext | null>;

/** A session to defer for a well-formed token; null when the ordinary check must run (none, malformed). */
export type DeferSession = (request: FastifyRequest, access: Endpoint['access']) => DeferredSession | null;

export type SessionHandler<E extends Endpoint> = (
  input: Omit<RouteInput<E>, 'auth'> & { caller: Caller },
) => ReturnType<Handler<E>>;

/** `{name}` → `:name`, as Fastify writes path parameters. */
export function toFastifyPath(apiBase: string, path: string): string {
  return apiBase + path.replace(/\{(\w+)\}/g, ':$1');
}

const MESSAGE_KEY = /^[a-z_]+(\.[a-z0-9_]+)+$/;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Field messages are i18n keys the web app translates; zod's own texts are mapped onto keys too. */
function messageOf(issue: z.core.$ZodIssue, input: unknown): string {
  if (MESSAGE_KEY.test(issue.message)) return issue.message;
  const value = valueAt(input, issue.path);
  if (issue.code === 'invalid_type' && (value === undefined || value === null)) return 'field.required';
  if (issue.code === 'too_small' && value === '') return 'field.required';
  if (issue.code === 'unrecognized_keys') return 'field.unknown';
  return issue.message;
}

/** The message of a string holding a NUL character (see `nulFields`). */
export const NUL_MESSAGE = 'field.invalid_character';

/**
 * The paths of every string (object keys included) holding a NUL character, at any depth. PostgreSQL
 * refuses `\0` in text and jsonb, so such input would fail as a 500 wherever it reached a query:
 * every contract input is checked here, before its schema, whatever the field. Walked with a list,
 * not recursion: a deeply nested body must not overflow the stack.
 */
export function nulFields(input: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[input, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (value.includes('\0')) found.push(path);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const at = path === '' ? key : `${path}.${key}`;
        if (key.includes('\0')) found.push(at);
        stack.push([child, at]);
      }
    }
  }
  return found;
}

/**
 * Parses one part of a request with its contract schema: 400 `validation_error` with field keys.
 * A NUL character in any string of it is refused first (`nulFields`).
 */
export function parse<S extends z.ZodType>(
  schema: S | undefined,
  value: unknown,
  where: string,
): z.output<S> | undefined {
  if (!schema) return undefined;
  const input = value ?? {};
  const nul = nulFields(input);
  if (nul.length > 0) {
    const keyOf = (path: string) => path || (where === 'body' ? 'non_field_errors' : where);
    throw new ValidationError(Object.fromEntries(nul.map((path) => [keyOf(path), [NUL_MESSAGE]])));
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : where === 'body' ? 'non_field_errors' : where;
    fields[key] = [...(fields[key] ?? []), messageOf(issue, input)];
  }
  throw new ValidationError(fields);
}

/**
 * Registers one contract endpoint: input parsed with the contract schemas (400 with field errors
 * before any handler runs, so bad input never reaches storage), access enforced, handler called.
 */
export function registerRoute<E extends Endpoint>(
  app: FastifyInstance,
  apiBase: string,
  authenticate: Authenticate,
  endpoint: E,
  handler: Handler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: toFastifyPath(apiBase, endpoint.path),
    ...(endpoint.bodyLimitBytes ? { bodyLimit: endpoint.bodyLimitBytes } : {}),
    handler: async (request, reply) => {
      const auth = await authenticate(request, endpoint.access);
      const input = { ...(await parseInput(endpoint, request)), auth, request, reply } as RouteInput<E>;
      const result = await handler(input);
      if (result === reply) return reply;
      reply.status(endpoint.status ?? 200);
      return result;
    },
  });
}

/**
 * Registers a signed-in endpoint whose handler checks the caller's token in its own first
 * statement (`DeferredSession`). Without a well-formed token the ordinary check runs first, as in
 * `registerRoute`; with one, bad input is still answered 401 before 400 when the token is bad.
 */
export function registerSessionRoute<E extends Endpoint>(
  app: FastifyInstance,
  apiBase: string,
  auth: { authenticate: Authenticate; defer: DeferSession },
  endpoint: E,
  handler: SessionHandler<E>,
): void {
  if (endpoint.access === 'public') throw new Error(`${endpoint.path} is public: it has no session to defer`);
  app.route({
    method: endpoint.method,
    url: toFastifyPath(apiBase, endpoint.path),
    handler: async (request, reply) => {
      const deferred = auth.defer(request, endpoint.access);
      const caller = deferred ?? ((await auth.authenticate(request, endpoint.access)) as AuthContext);
      let parsed: Awaited<ReturnType<typeof parseInput>>;
      try {
        parsed = await parseInput(endpoint, request);
      } catch (error) {
        if (deferred && error instanceof ValidationError) await deferred.resolve();
        throw error;
      }
      const input = { ...parsed, caller, request, reply } as Parameters<SessionHandler<E>>[0];
      const result = await handler(input);
      if (result === reply) return reply;
      reply.status(endpoint.status ?? 200);
      return result;
    },
  });
}

async function parseInput(endpoint: Endpoint, request: FastifyRequest) {
  return {
    params: parse(endpoint.params, request.params, 'params') ?? {},
    query: parse(endpoint.query, request.query, 'query') ?? {},
    body: parse(
      endpoint.body,
      endpoint.multipart && isMultipartRequest(request) ? await multipartFields(request) : request.body,
      'body',
    ),
  };
}

/** A 2xx answer that does not match its endpoint's response schema (found only when checking is on). */
export interface ResponseMismatch {
  endpoint: string;
  url: string;
  status: number;
  issues: string[];
}

export class ResponseContractError extends Error {
  constructor(readonly mismatch: ResponseMismatch) {
    super(`${mismatch.endpoint} answered outside its contract: ${mismatch.issues.join('; ')}`);
  }
}

/**
 * Parses every 2xx JSON answer of a contract endpoint with the endpoint's response schema, as the
 * wire carries it (after serialisation), and turns a mismatch into a 500 and a report. Covers every
 * route whose method and path are a contract endpoint's, however it was registered. Meant for
 * tests: it parses each answer a second time, which production does not pay for.
 */
export function checkAnswersAgainstContract(
  app: FastifyInstance,
  apiBase: string,
  endpoints: readonly Endpoint[],
  report: (mismatch: ResponseMismatch) => void,
): void {
  const byRoute = new Map(endpoints.map((e) => [`${e.method} ${toFastifyPath(apiBase, e.path)}`, e]));
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode > 299 || typeof payload !== 'string') return payload;
    const endpoint = byRoute.get(`${request.method} ${request.routeOptions.url}`);
    if (!endpoint || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      return payload;
    }
    const result = endpoint.response.safeParse(JSON.parse(payload));
    if (result.success) return payload;
    const mismatch: ResponseMismatch = {
      endpoint: `${endpoint.method} ${endpoint.path}`,
      url: request.url,
      status: reply.statusCode,
      issues: result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    };
    report(mismatch);
    throw new ResponseContractError(mismatch);
  });
}
