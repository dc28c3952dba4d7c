import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makePagination, paginated, paginationSchema } from './pagination';

describe('makePagination', () => {
  it('has enough pages for every item and at least one page', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 50 }),
        (total, size, page) => {
          const p = makePagination(total, page, size);
          expect(paginationSchema.parse(p)).toEqual(p);
          expect(p.num_pages).toBeGreaterThanOrEqual(1);
          expect(p.num_pages * size).toBeGreaterThanOrEqual(total);
          expect((p.num_pages - 1) * size).toBeLessThan(Math.max(1, total));
        },
      ),
    );
  });

  it('matches the all-photos initial state for an empty list', () => {
    expect(makePagination(0, 1, 40)).toEqual({ total: 0, num_pages: 1, page_size: 40, page_number: 1 });
  });
});

describe('paginated', () => {
  it('wraps items with pagination', () => {
    const schema = paginated(z.object({ id: z.number() }));
    expect(schema.safeParse({ results: [{ id: 1 }], pagination: makePagination(1, 1, 10) }).success).toBe(
      true,
    );
    expect(schema.safeParse({ results: [{ id: 'x' }], pagination: makePagination(1, 1, 10) }).success).toBe(
      false,
    );
  });
});
