import { printEndpoints } from '@fotodrop/contract/api/print';
import { describe, expect, it } from 'vitest';
import { printEndpointRoutes } from './print-api';

describe('the print endpoints', () => {
  it('are the contract endpoints (method and path)', () => {
    const contract = printEndpoints as Record<string, { method: string; path: string }>;
    for (const [name, endpoint] of Object.entries(printEndpointRoutes)) {
      const own = endpoint as unknown as { method: string; path: string };
      expect([name, own.method, own.path]).toEqual([name, contract[name]?.method, contract[name]?.path]);
    }
  });
});
