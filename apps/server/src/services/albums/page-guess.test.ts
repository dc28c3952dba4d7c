import { describe, expect, it } from 'vitest';
import type { AlbumMediaRow } from '../../repositories/album-media.repository';
import { albumOrderCache } from './album-order-cache';
import { pageGuesses, readAlready } from './page-guess';

const row = (id: number): AlbumMediaRow => ({
  id,
  photoServiceId: 1,
  type: 'photo',
  galleryId: null,
  width: 1,
  height: 1,
  durationSeconds: null,
  takenAt: null,
  favourite: false,
  hiddenFaces: null,
});

describe('page guesses', () => {
  it('guesses nothing until the shape has read an order that is kept and read to the end', async () => {
    const orders = albumOrderCache();
    const guesses = pageGuesses(orders);
    expect(guesses.guess('7/0/', 2, 3)).toEqual({ shape: '7/0/' });
    guesses.remember('7/0/', 'k1');
    expect(guesses.guess('7/0/', 2, 3)).toEqual({ shape: '7/0/' });
    await orders.get('k1', async () => [10, 9, 8, 7, 6, 5, 4]);
    expect(guesses.guess('7/0/', 2, 3)).toEqual({ shape: '7/0/', key: 'k1', ids: [7, 6, 5] });
    expect(guesses.guess('7/0/', 3, 3)).toEqual({ shape: '7/0/', key: 'k1', ids: [4] });
    // past the end, and another shape
    expect(guesses.guess('7/0/', 4, 3)).toEqual({ shape: '7/0/' });
    expect(guesses.guess('7/0/favourite', 1, 3)).toEqual({ shape: '7/0/favourite' });
  });

  it('forgets the oldest shapes beyond its bound', async () => {
    const orders = albumOrderCache();
    await orders.get('k', async () => [1, 2]);
    const guesses = pageGuesses(orders, { maxShapes: 2 });
    for (const shape of ['a', 'b', 'c']) guesses.remember(shape, 'k');
    expect(guesses.guess('a', 1, 2).ids).toBeUndefined();
    expect(guesses.guess('c', 1, 2).ids).toEqual([1, 2]);
  });

  it('takes the rows read along only for the same order key and the same ids', () => {
    const read = { shape: 's', key: 'k', ids: [3, 2], rows: [row(3), row(2)] };
    expect(readAlready(read, 'k', [3, 2])).toBe(read.rows);
    expect(readAlready(read, 'other', [3, 2])).toBeUndefined();
    expect(readAlready(read, 'k', [2, 1])).toBeUndefined();
    expect(readAlready(read, 'k', [3])).toBeUndefined();
    expect(readAlready({ shape: 's' }, 'k', [3, 2])).toBeUndefined();
    expect(readAlready(undefined, 'k', [3, 2])).toBeUndefined();
  });
});
