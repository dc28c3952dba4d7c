import { LANGUAGES } from '@fotodrop/contract/languages';
import { describe, expect, it } from 'vitest';
import { unpurchasedEmail } from './unpurchased-email';

const album = {
  eventName: 'Lake <Run>',
  url: 'https://fotodrop.test/checkins/K7M2Q9P',
  day: '2026-12-24',
  discountPercent: 50,
};

describe('unpurchased-media notices', () => {
  it.each(LANGUAGES)('says the date, the discount and the album link in %s', (language) => {
    const to = { email: 'rita@example.com', firstName: 'Rita <b>', language };
    const call = unpurchasedEmail('last_call', to, album);
    const chance = unpurchasedEmail('last_chance', to, album);
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date('2026-12-24T12:00:00Z'),
    );
    for (const mail of [call, chance]) {
      expect(mail.to).toBe('rita@example.com');
      expect(mail.subject).toContain('Lake <Run>');
      expect(mail.text).toContain(date);
      expect(mail.text).toContain(album.url);
      expect(mail.html).toContain('Rita &lt;b&gt;');
      expect(mail.html).not.toContain('<b>');
    }
    expect(call.text).toContain('50');
    expect(call.subject).not.toBe(chance.subject);
  });

  it('writes English for a language it does not know', () => {
    const mail = unpurchasedEmail(
      'last_chance',
      { email: 'x@example.com', firstName: '', language: 'xx' },
      album,
    );
    expect(mail.text).toContain('Hello x@example.com,');
  });
});
