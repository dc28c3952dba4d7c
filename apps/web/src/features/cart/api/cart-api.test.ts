import { cartEndpoints } from '@fotodrop/contract/api/cart';
import { describe, expect, it } from 'vitest';
import { cartEndpointRoutes } from './cart-api';

describe('the cart endpoints', () => {
  it('are the contract endpoints (method and path)', () => {
    const contract = cartEndpoints as Record<string, { method: string; path: string }>;
    for (const [name, endpoint] of Object.entries(cartEndpointRoutes)) {
      const own = endpoint as unknown as { method: string; path: string };
      expect([name, own.method, own.path]).toEqual([name, contract[name]?.method, contract[name]?.path]);
    }
  });
});
