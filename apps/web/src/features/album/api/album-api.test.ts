import { galleryEndpoints } from '@fotodrop/contract/api/galleries';
import { mediaEndpoints } from '@fotodrop/contract/api/media';
import { describe, expect, it } from 'vitest';
import { albumEndpoints } from './album-api';

describe('the album endpoints', () => {
  it('are the contract endpoints (method and path)', () => {
    const contract = { ...galleryEndpoints, ...mediaEndpoints } as Record<
      string,
      { method: string; path: string }
    >;
    for (const [name, endpoint] of Object.entries(albumEndpoints)) {
      const own = endpoint as unknown as { method: string; path: string };
      expect([name, own.method, own.path]).toEqual([name, contract[name]?.method, contract[name]?.path]);
    }
  });
});
