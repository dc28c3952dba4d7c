import { z } from 'zod';

/** Page information of every paginated answer. `num_pages` is at least 1, even when there is nothing. */
export const paginationSchema = z.object({
  total: z.number().int().min(0),
  num_pages: z.number().int().min(1),
  page_size: z.number().int().min(1),
  page_number: z.number().int().min(1),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `{ results, pagination }` around any item schema. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), pagination: paginationSchema });
}
export type Paginated<T> = { results: T[]; pagination: Pagination };

/** Query fields `page` and `page_size` as they arrive in a URL. */
export function pageQuerySchema(defaultPageSize: number, maxPageSize: number) {
  return z.object({
    // An integer page number, so no offset overflows the database's.
    page: z.coerce.number().int().min(1).max(2_147_483_647).default(1),
    page_size: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  });
}

/** Builds the pagination block for `total` items shown `pageSize` at a time. */
export function makePagination(total: number, pageNumber: number, pageSize: number): Pagination {
  return {
    total,
    num_pages: Math.max(1, Math.ceil(total / pageSize)),
    page_size: pageSize,
    page_number: pageNumber,
  };
}
