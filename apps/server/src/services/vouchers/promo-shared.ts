import { ErrorCode } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import { DomainError, ValidationError } from '../../http/errors';
import { isUniqueViolation } from '../../repositories/organiser-events.repository';
import { organisationEventIds } from '../../repositories/organiser-vouchers.repository';

/** What vouchers and campaigns of the console share (issue 19). */

/** A code already used by a voucher or campaign anywhere: codes are unique on the whole platform. */
export const codeTaken = () =>
  new DomainError(409, ErrorCode.codeTaken, 'This code is already in use. Choose another one.', {
    fields: { code: ['code.taken'] },
  });

/**
 * The ids of the organisation's events named by slug. A slug that is not one of its events —
 * unknown, or another organisation's — is refused alike, so nothing tells whether it exists.
 */
export async function eventIdsOf(db: Queryable, organisationId: number, slugs: string[]): Promise<number[]> {
  const found = await organisationEventIds(db, organisationId, slugs);
  if (slugs.some((slug) => !found.has(slug))) {
    throw new ValidationError({ events: ['events.unknown'] }, 'Choose events of this organisation.');
  }
  return slugs.map((slug) => found.get(slug) as number);
}

/** Runs a write whose unique code index may refuse it: the refusal is the 409, not a 500. */
export async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** A page request as the repositories take it. */
export const pageOf = (q: { page: number; page_size: number }) => ({
  limit: q.page_size,
  offset: (q.page - 1) * q.page_size,
});
