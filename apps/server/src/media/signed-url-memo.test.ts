import { describe, expect, it } from 'vitest';
import { signMediaPath, verifyMediaUrl } from './signed-url';
import { memoisedSigner } from './signed-url-memo';

const secret = 'a-test-secret-of-enough-length';
const today = new Date('2030-01-02T00:00:00Z');
const tomorrow = new Date('2030-01-03T00:00:00Z');

function counting() {
  const signed: string[] = [];
  const sign = memoisedSigner((path, expiresAt) => {
    signed.push(path);
    return signMediaPath(path, { secret, expiresAt });
  }, 3);
  return { sign, signed };
}

describe('kept signed media links', () => {
  it('hands out the very link signing would, and signs a path once per expiry', () => {
    const { sign, signed } = counting();
    const first = sign('/api/media/1/thumb', today);
    expect(first).toBe(signMediaPath('/api/media/1/thumb', { secret, expiresAt: today }));
    expect(sign('/api/media/1/thumb', today)).toBe(first);
    expect(signed).toEqual(['/api/media/1/thumb']);
    const [path, query] = first.split('?');
    expect(
      verifyMediaUrl(path!, new URLSearchParams(query), { secret, now: new Date('2030-01-01T12:00:00Z') }),
    ).toBe('ok');
  });

  it('never serves a link of another path or of an earlier expiry', () => {
    const { sign } = counting();
    const thumb = sign('/api/media/1/thumb', today);
    expect(sign('/api/media/1/preview', today)).not.toBe(thumb);
    const later = sign('/api/media/1/thumb', tomorrow);
    expect(later).toBe(signMediaPath('/api/media/1/thumb', { secret, expiresAt: tomorrow }));
    expect(later).not.toBe(thumb);
  });

  it('keeps at most its limit of paths, dropping the oldest', () => {
    const { sign, signed } = counting();
    for (const id of [1, 2, 3, 4]) sign(`/api/media/${id}/thumb`, today);
    sign('/api/media/4/thumb', today);
    sign('/api/media/1/thumb', today);
    expect(signed).toEqual([1, 2, 3, 4, 1].map((id) => `/api/media/${id}/thumb`));
  });
});
