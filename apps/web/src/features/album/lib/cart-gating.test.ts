import { describe, expect, it } from 'vitest';
import { makeCheckin } from '../../checkins/test/fixtures';
import { albumSellsNow, listPricesType } from './cart-gating';

const stay = makeCheckin({
  can_purchase_during_stay: false,
  start_of_stay: '2026-07-01',
  end_of_stay: '2026-07-07',
});

describe('whether an album sells now', () => {
  it('sells while prices are shown and the media are there', () => {
    expect(albumSellsNow(makeCheckin(), new Date('2026-06-01T00:00:00Z'))).toBe(true);
    expect(albumSellsNow(makeCheckin({ show_prices: false }))).toBe(false);
    expect(albumSellsNow(makeCheckin({ media_deleted: true }))).toBe(false);
  });

  it('sells nothing during the stay when the album says so, before and after it does', () => {
    expect(albumSellsNow(stay, new Date('2026-06-30T23:59:59Z'))).toBe(true);
    expect(albumSellsNow(stay, new Date('2026-07-01T00:00:00Z'))).toBe(false);
    expect(albumSellsNow(stay, new Date('2026-07-07T23:59:59Z'))).toBe(false);
    expect(albumSellsNow(stay, new Date('2026-07-08T00:00:00Z'))).toBe(true);
    expect(albumSellsNow({ ...stay, can_purchase_during_stay: true }, new Date('2026-07-03T12:00:00Z'))).toBe(
      true,
    );
  });

  it("uses the event's dates when the code carries no stay dates", () => {
    const event = makeCheckin({ can_purchase_during_stay: false });
    expect(albumSellsNow(event, new Date('2026-05-10T08:00:00Z'))).toBe(false);
    expect(albumSellsNow(event, new Date('2026-05-12T00:00:00Z'))).toBe(true);
  });
});

describe('whether the price list prices a media type', () => {
  it('is unknown (yes) until the list is there, then what the list says', () => {
    expect(listPricesType(undefined, 'video')).toBe(true);
    expect(listPricesType([{ media_type: 'photo' }], 'photo')).toBe(true);
    expect(listPricesType([{ media_type: 'photo' }], 'video')).toBe(false);
  });
});
