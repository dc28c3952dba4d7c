import { describe, expect, it } from 'vitest';
import { SHARE_TARGETS, shareTargetHref } from './share-targets';

const url = 'https://fotodrop.test/shared/7/42/abc-_DEF';
const text = 'A photo from Città & Mare 10K';

describe('share targets', () => {
  it('puts the whole link, encoded, into every network that takes one', () => {
    for (const type of SHARE_TARGETS) {
      const href = shareTargetHref(type, url, text);
      if (type === 'instagram') {
        expect(href).toBeNull();
        continue;
      }
      expect(href, type).not.toBeNull();
      const parsed = new URL(href as string);
      const values = [...parsed.searchParams.values()].join(' ');
      expect(values, type).toContain(url);
      if (type !== 'facebook' && type !== 'linkedin') expect(values, type).toContain(text);
    }
  });

  it('sends each network to its own share address', () => {
    expect(new URL(shareTargetHref('whatsapp', url, text) as string).host).toBe('wa.me');
    expect(new URL(shareTargetHref('telegram', url, text) as string).host).toBe('t.me');
    expect(shareTargetHref('email', url, text)).toMatch(/^mailto:\?subject=/);
    expect(SHARE_TARGETS).toEqual([
      'instagram',
      'facebook',
      'whatsapp',
      'twitter',
      'telegram',
      'email',
      'linkedin',
    ]);
  });
});
