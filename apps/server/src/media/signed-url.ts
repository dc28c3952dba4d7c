/**
 * Short-lived links to media files. The server signs a path once (when it lists photos) and the
 * file route checks the signature without a database lookup, so a CDN or a plain file handler can
 * serve clean previews and originals only to whoever was handed the link, and only until it expires.
 *
 * Signature: base64url(HMAC-SHA256(secret, `${path}\n${exp}`)), `exp` in Unix seconds. The newline
 * cannot occur in a path, so no two (path, exp) pairs sign the same text.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type MediaUrlVerdict = 'ok' | 'expired' | 'invalid';

/** A query as Fastify or URLSearchParams hand it over; repeated parameters are refused. */
export type MediaUrlQuery = URLSearchParams | Readonly<Record<string, unknown>>;

/** `path?exp=<unix seconds>&sig=<signature>`. `path` is the URL path, without a query. */
export function signMediaPath(path: string, options: { secret: string; expiresAt: Date }): string {
  assertPath(path);
  const exp = Math.floor(options.expiresAt.getTime() / 1000);
  if (!Number.isSafeInteger(exp) || exp < 0) throw new RangeError('expiresAt is not a valid date');
  return `${path}?exp=${exp}&sig=${signature(options.secret, path, String(exp))}`;
}

/** The signature is checked first: an expired link with a forged `exp` is `invalid`, not `expired`. */
export function verifyMediaUrl(
  path: string,
  query: MediaUrlQuery,
  options: { secret: string; now: Date },
): MediaUrlVerdict {
  const exp = param(query, 'exp');
  const sig = param(query, 'sig');
  if (exp === null || sig === null || !/^\d{1,15}$/.test(exp) || path.includes('?')) return 'invalid';
  const expected = Buffer.from(signature(options.secret, path, exp), 'base64url');
  const given = Buffer.from(sig, 'base64url');
  // Buffer.from drops characters outside the alphabet; round-tripping catches `sig` that had them.
  if (given.toString('base64url') !== sig || given.length !== expected.length) return 'invalid';
  if (!timingSafeEqual(given, expected)) return 'invalid';
  return options.now.getTime() >= Number(exp) * 1000 ? 'expired' : 'ok';
}

function signature(secret: string, path: string, exp: string): string {
  if (secret.length < 16) throw new RangeError('The media signing secret is too short');
  return createHmac('sha256', secret).update(`${path}\n${exp}`).digest('base64url');
}

function param(query: MediaUrlQuery, name: string): string | null {
  if (query instanceof URLSearchParams) {
    const all = query.getAll(name);
    return all.length === 1 ? all[0]! : null;
  }
  const value = query[name];
  return typeof value === 'string' ? value : null;
}

function assertPath(path: string): void {
  if (!path.startsWith('/') || /[?#\n]/.test(path))
    throw new RangeError(`Cannot sign ${JSON.stringify(path)}`);
}
