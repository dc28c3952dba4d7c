import type { DigitalItem } from '@fotodrop/contract/api/cart';
import { describe, expect, it } from 'vitest';
import { makeDigitalItem } from '../test/fake-cart';
import { albumCart, mediaCartState, withItem, withoutItem } from './cart-lines';

const pick = (id: number, mediaIds: number[], checkinId = 41): DigitalItem =>
  makeDigitalItem({ id, checkin_id: checkinId, media_ids: mediaIds });

describe('the cart lines after a change', () => {
  it('replace a known line, put a new one first, and drop a pick left empty', () => {
    const lines = [pick(1, [1, 2]), pick(2, [3])];
    expect(withItem(lines, pick(2, [3, 4])).map((l) => l.media_ids)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(withItem(lines, pick(3, [5])).map((l) => l.id)).toEqual([3, 1, 2]);
    expect(withItem(lines, pick(1, [])).map((l) => l.id)).toEqual([2]);
    expect(withoutItem(lines, 1).map((l) => l.id)).toEqual([2]);
  });
});

describe("an album's cart", () => {
  const lines = [
    pick(1, [1, 2]),
    pick(2, [9], 77),
    makeDigitalItem({ id: 3, checkin_id: 41, order_type: 'VIDEOS', media_ids: [] }),
  ];

  it('knows its picks, its packages and how many media its picks hold', () => {
    const cart = albumCart(lines, 41);
    expect(cart.lines.map((l) => l.id)).toEqual([1, 3]);
    expect(cart.pickedCount).toBe(2);
    expect([...cart.packages]).toEqual(['VIDEOS']);
  });

  it('tells whether a media is picked, bought by a package, or not in the cart', () => {
    const cart = albumCart(lines, 41);
    expect(mediaCartState(cart, { id: 2, type: 'photo' })).toEqual({ kind: 'pick', itemId: 1 });
    expect(mediaCartState(cart, { id: 5, type: 'photo' })).toEqual({ kind: 'none' });
    expect(mediaCartState(cart, { id: 9, type: 'photo' })).toEqual({ kind: 'none' });
    // every video of the album is in the video package, picked or not
    expect(mediaCartState(cart, { id: 6, type: 'video' })).toEqual({ kind: 'package' });
    const allPhotos = albumCart(
      [...lines, makeDigitalItem({ id: 4, checkin_id: 41, order_type: 'PHOTOS_AND_VIDEOS' })],
      41,
    );
    expect(mediaCartState(allPhotos, { id: 2, type: 'photo' })).toEqual({ kind: 'package' });
  });
});
