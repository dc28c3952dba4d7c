import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCampaignValid } from './campaign';

const now = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
const code = fc.stringMatching(/^[A-Z0-9]{1,12}$/);

describe('isCampaignValid', () => {
  it('holds while the expiry is not earlier than now', () => {
    fc.assert(
      fc.property(code, now, fc.integer({ min: -1e10, max: 1e10 }), (c, n, offsetMs) => {
        const expires = new Date(n.getTime() + offsetMs).toISOString();
        expect(isCampaignValid({ campaign_code: c, campaign_expires_at: expires }, n)).toBe(offsetMs >= 0);
      }),
    );
  });

  it('still holds at the very moment of expiry', () => {
    const n = new Date('2025-02-07T12:00:00Z');
    expect(isCampaignValid({ campaign_code: 'X', campaign_expires_at: n.toISOString() }, n)).toBe(true);
    expect(isCampaignValid({ campaign_code: 'X', campaign_expires_at: '2025-02-07T11:59:59.999Z' }, n)).toBe(
      false,
    );
  });

  it('never holds without a code', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, undefined, '', '  '), now, (c, n) => {
        expect(isCampaignValid({ campaign_code: c, campaign_expires_at: '2999-01-01T00:00:00Z' }, n)).toBe(
          false,
        );
      }),
    );
    expect(isCampaignValid(null, new Date())).toBe(false);
  });

  it('holds without an expiry and fails with an unreadable one', () => {
    expect(isCampaignValid({ campaign_code: 'X' }, new Date())).toBe(true);
    expect(isCampaignValid({ campaign_code: 'X', campaign_expires_at: null }, new Date())).toBe(true);
    expect(isCampaignValid({ campaign_code: 'X', campaign_expires_at: 'soon' }, new Date())).toBe(false);
  });
});
