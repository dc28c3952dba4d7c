import { describe, expect, it } from 'vitest';
import { signMediaPath, verifyMediaUrl } from './signed-url';

const secret = 'a-test-secret-of-enough-length';
const expiresAt = new Date('2030-01-01T00:00:00Z');
const before = new Date('2029-12-31T23:59:59Z');
const path = '/media/42/preview-clean.jpg';

function split(url: string) {
  const [p, q] = url.split('?');
  return { path: p!, query: new URLSearchParams(q) };
}

describe('signed media URLs', () => {
  it('signs a path with exp in Unix seconds and a base64url signature', () => {
    const url = signMediaPath(path, { secret, expiresAt });
    expect(url).toMatch(/^\/media\/42\/preview-clean\.jpg\?exp=1893456000&sig=[\w-]{43}$/);
    const { query } = split(url);
    expect(verifyMediaUrl(path, query, { secret, now: before })).toBe('ok');
    expect(verifyMediaUrl(path, Object.fromEntries(query), { secret, now: before })).toBe('ok');
  });

  it('is deterministic for the same input', () => {
    expect(signMediaPath(path, { secret, expiresAt })).toBe(signMediaPath(path, { secret, expiresAt }));
  });

  it('answers expired from the second of exp on', () => {
    const { query } = split(signMediaPath(path, { secret, expiresAt }));
    expect(verifyMediaUrl(path, query, { secret, now: expiresAt })).toBe('expired');
    expect(verifyMediaUrl(path, query, { secret, now: new Date('2031-01-01') })).toBe('expired');
  });

  it('refuses a tampered path, exp, signature or secret', () => {
    const { query } = split(signMediaPath(path, { secret, expiresAt }));
    const sig = query.get('sig')!;
    const now = before;
    expect(verifyMediaUrl('/media/43/preview-clean.jpg', query, { secret, now })).toBe('invalid');
    expect(verifyMediaUrl(path, { exp: '1893456001', sig }, { secret, now })).toBe('invalid');
    // A forged later exp on an expired link is invalid, not merely expired.
    expect(verifyMediaUrl(path, { exp: '1993456000', sig }, { secret, now: new Date('2031-01-01') })).toBe(
      'invalid',
    );
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(verifyMediaUrl(path, { exp: '1893456000', sig: flipped }, { secret, now })).toBe('invalid');
    expect(verifyMediaUrl(path, query, { secret: `${secret}x`, now })).toBe('invalid');
  });

  it('refuses malformed queries without throwing', () => {
    const now = before;
    const good = Object.fromEntries(split(signMediaPath(path, { secret, expiresAt })).query);
    for (const query of [
      {},
      { exp: good.exp },
      { sig: good.sig },
      { ...good, exp: '-1' },
      { ...good, exp: '1e10' },
      { ...good, exp: ['1893456000'] },
      { ...good, sig: `${good.sig}=` },
      { ...good, sig: `${good.sig}!` },
      { ...good, sig: good.sig!.slice(1) },
      { ...good, sig: '' },
      new URLSearchParams(`exp=${good.exp}&sig=${good.sig}&sig=${good.sig}`),
    ]) {
      expect(verifyMediaUrl(path, query, { secret, now })).toBe('invalid');
    }
  });

  it('refuses to sign what is not a plain path', () => {
    expect(() => signMediaPath('media/1.jpg', { secret, expiresAt })).toThrow();
    expect(() => signMediaPath('/media/1.jpg?x=1', { secret, expiresAt })).toThrow();
    expect(() => signMediaPath(path, { secret, expiresAt: new Date(Number.NaN) })).toThrow();
    expect(() => signMediaPath(path, { secret: 'short', expiresAt })).toThrow();
  });
});
