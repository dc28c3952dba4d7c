import { queryClient } from '../../../shared/api/query-client';
import { userQueryOptions } from '../../../shared/auth/user';
import { useAppStore } from '../../../shared/store/app-store';
import { endImpersonatedSession, requestImpersonation } from '../api/impersonation-api';

/** Whose data the cache holds changes: nothing of the previous session may show in the next. */
async function freshSession(): Promise<void> {
  queryClient.clear();
  await queryClient.fetchQuery(userQueryOptions());
}

/**
 * Switches into the user's session: the current token is remembered, the new one is used (and not
 * remembered), the user is fetched again.
 */
export async function enterAs(userId: number): Promise<void> {
  const { token, token_type } = await requestImpersonation(userId);
  useAppStore.getState().startImpersonation(token, token_type);
  await freshSession();
}

/**
 * Back to one's own account: the server ends the impersonated session first (so the trail has its
 * end), then the remembered session comes back and the memory is cleared. A failed logout does not
 * keep anyone in the other session: the token expires within the hour anyway.
 */
export async function returnToOwnAccount(): Promise<void> {
  try {
    await endImpersonatedSession();
  } catch {
    // already ended (expired) or offline: return all the same
  }
  useAppStore.getState().endImpersonation();
  await freshSession();
}
