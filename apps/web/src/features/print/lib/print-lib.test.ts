import { describe, expect, it } from 'vitest';
import { cartMedia, makeDigitalItem } from '../../cart/test/fake-cart';
import { PRODUCTS } from '../test/fake-print';
import { cartPhotoGroups } from './photo-groups';
import { keepOffered, setCopies, summarise, togglePhoto } from './selection';
import { cheapestVariant, defaultChoice, lowestPrice, optionNames, variantFor } from './variants';

const product = (id: number) => PRODUCTS.find((p) => p.id === id)!;
const [prints, canvas, photobook] = [product(1), product(2), product(3)];

describe('variants', () => {
  it('find the variant of one option per group, whatever the order of the groups', () => {
    expect(variantFor(prints, { 2: 5, 1: 2 })?.price).toBe('2.90');
    expect(variantFor(prints, { 1: 2 })).toBeNull();
    expect(variantFor({ ...prints, variants: prints.variants?.slice(1) }, { 1: 1, 2: 4 })).toBeNull();
  });

  it('start on the cheapest variant and name options in group order', () => {
    const dearFirst = { ...prints, variants: [...(prints.variants ?? [])].reverse() };
    expect(cheapestVariant(dearFirst)?.price).toBe('1.90');
    expect(defaultChoice(canvas)).toEqual({ 3: 6 });
    expect(optionNames(prints, [5, 3])).toEqual(['20×30 cm', 'Matt']);
  });

  it('give the lowest price of a currency, or none', () => {
    expect(lowestPrice(PRODUCTS, 'EUR')).toEqual({ minor: 190, currency: 'EUR' });
    expect(lowestPrice([canvas, photobook], 'EUR')).toEqual({ minor: 3900, currency: 'EUR' });
    expect(lowestPrice(PRODUCTS, 'CHF')).toBeNull();
    expect(lowestPrice([{ ...prints, variants: [] }], 'EUR')).toBeNull();
  });
});

describe('a selection of photos', () => {
  it('takes photos up to the most, swaps the one photo of a single-photo product', () => {
    const two = { min_photos: 1, max_photos: 2 };
    let selection = togglePhoto(new Map(), 1, two);
    selection = togglePhoto(selection, 2, two);
    expect(togglePhoto(selection, 3, two)).toBe(selection);
    expect([...togglePhoto(selection, 1, two).keys()]).toEqual([2]);
    expect([...togglePhoto(new Map([[1, 1]]), 2, canvas)]).toEqual([[2, 1]]);
  });

  it('keeps copies between 1 and 100 and counts them', () => {
    let selection = togglePhoto(new Map(), 7, prints);
    selection = setCopies(selection, 7, 0);
    expect(selection.get(7)).toBe(1);
    selection = setCopies(selection, 7, 250);
    expect(summarise(selection, prints)).toEqual({ photos: 1, copies: 100, complete: true, full: false });
    expect(summarise(new Map(), photobook).complete).toBe(false);
  });

  it('drops photos that are no longer offered', () => {
    const selection = new Map([
      [1, 1],
      [2, 3],
    ]);
    expect(keepOffered(selection, new Set([1, 2, 3]))).toBe(selection);
    expect([...keepOffered(selection, new Set([2]))]).toEqual([[2, 3]]);
  });
});

describe("the cart's printable photos", () => {
  it('are grouped by album, each photo once, without videos or albums left empty', () => {
    const items = [
      makeDigitalItem({ id: 1, checkin_id: 41, media_ids: [1, 2] }),
      makeDigitalItem({ id: 2, checkin_id: 77, event_name: '', picacode: 'ROOM204B', media_ids: [5] }),
      makeDigitalItem({ id: 3, checkin_id: 41, gallery_id: 6, media_ids: [2, 3] }),
      makeDigitalItem({ id: 4, checkin_id: 78, media_ids: [9] }),
    ];
    const medias: Record<number, ReturnType<typeof cartMedia>[]> = {
      1: [cartMedia(1), cartMedia(2)],
      2: [cartMedia(5)],
      3: [cartMedia(2), cartMedia(3)],
      4: [cartMedia(9, 'video')],
    };
    const groups = cartPhotoGroups(items, (id) => medias[id]);
    expect(groups.map((g) => [g.title, g.photos.map((p) => p.id)])).toEqual([
      ['Alpine Marathon 2026', [1, 2, 3]],
      ['ROOM204B', [5]],
    ]);
  });
});
