import { accountEndpoints } from '@fotodrop/contract/api/accounts';
import { IMPERSONATION_ORDER_COLUMNS, impersonationEndpoints } from '@fotodrop/contract/api/impersonation';
import { IMPERSONATION_PAGE_SIZE } from '@fotodrop/contract/constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';

type Column = (typeof IMPERSONATION_ORDER_COLUMNS)[number];
export type Ordering = Column | `-${Column}`;

export const ORDERINGS: readonly Ordering[] = [
  ...IMPERSONATION_ORDER_COLUMNS.map((c) => `-${c}` as const),
  ...IMPERSONATION_ORDER_COLUMNS,
];
export const DEFAULT_ORDERING: Ordering = '-date_joined';

export function isOrdering(value: string | null): value is Ordering {
  return value !== null && (ORDERINGS as readonly string[]).includes(value);
}

export interface UserListParams {
  search: string;
  ordering: Ordering;
  page: number;
}

/** GET /impersonate/user/: the users a staff member may view the app as, 20 a page. */
export function impersonableUsersQuery({ search, ordering, page }: UserListParams) {
  return queryOptions({
    queryKey: ['impersonation', 'users', search, ordering, page] as const,
    queryFn: ({ signal }) =>
      callEndpoint(impersonationEndpoints.users, {
        query: {
          page,
          page_size: IMPERSONATION_PAGE_SIZE,
          ordering,
          ...(search ? { search } : {}),
        },
        signal,
      }),
    // the table keeps its rows while the next page or search loads
    placeholderData: keepPreviousData,
  });
}

/** POST /impersonate/user/impersonate/: a session as the user (the server records its start). */
export function requestImpersonation(userId: number) {
  return callEndpoint(impersonationEndpoints.impersonate, { body: { user: userId } });
}

/** Ends the impersonated session on the server (its end goes to the audit trail). */
export function endImpersonatedSession() {
  return callEndpoint(accountEndpoints.logout);
}
