import { describe, expect, it } from 'vitest';
import { viewerSets } from './anonymization.service';

describe('viewerSets', () => {
  it('hides every anonymized face from everyone else, and each owner sees their own clear', () => {
    const found = [
      { faceId: 5, userId: 1 },
      { faceId: 9, userId: 2 },
    ];
    expect(viewerSets(found)).toEqual([[5, 9], [9], [5]]);
  });

  it('makes no variant of a medium without hidden faces, and none twice', () => {
    expect(viewerSets([])).toEqual([]);
    // One face matched by two albums of the same user: one set for others, none for the owner.
    expect(
      viewerSets([
        { faceId: 5, userId: 1 },
        { faceId: 5, userId: 1 },
      ]),
    ).toEqual([[5]]);
  });
});
