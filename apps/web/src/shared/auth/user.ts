import { accountEndpoints, type User } from '@fotodrop/contract/api/accounts';
import type { BodyOf } from '@fotodrop/contract/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api/client';
import { queryClient } from '../api/query-client';
import { currentLanguage, switchLanguage } from '../i18n/i18n';
import { useAppStore, useIsLoggedIn } from '../store/app-store';

export const userQueryKey = ['user', 'me'] as const;

/** Keeps the stored user in step; adopts the profile language when none was chosen on this device. */
function remember(user: User): User {
  const store = useAppStore.getState();
  store.setUser(user);
  if (store.language === null && user.language !== currentLanguage()) void switchLanguage(user.language);
  return user;
}

export async function fetchMe(signal?: AbortSignal): Promise<User> {
  return remember(await callEndpoint(accountEndpoints.me, { query: { include_perms: 'true' }, signal }));
}

export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    // the stored user answers at once; it counts as stale, so a mounted useUser() refreshes it
    initialData: () => useAppStore.getState().user ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}

/** The current user (only fetched when a token is stored). */
export function useUser() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...userQueryOptions(), enabled: loggedIn });
}

// The stored user may be days old (policies changed, permissions granted meanwhile): the first
// protected page of each page load asks the server once; later navigations use the cache.
let confirmedThisPageLoad = false;

/**
 * The user for route guards: fresh from the server once per page load, then from the cache.
 * `started`: that same call, already made by the page's start (a logged-in runner's e-mail link).
 */
export async function ensureUser(started: Promise<User> | null = null): Promise<User> {
  if (confirmedThisPageLoad) return queryClient.ensureQueryData(userQueryOptions());
  const user = await queryClient.fetchQuery({
    ...userQueryOptions(),
    ...(started ? { queryFn: async () => remember(await started) } : {}),
    staleTime: 0,
  });
  confirmedThisPageLoad = true;
  return user;
}

export function setCurrentUser(user: User): void {
  queryClient.setQueryData(userQueryKey, remember(user));
}

export async function updateMe(body: BodyOf<typeof accountEndpoints.updateMe>): Promise<User> {
  const answer = await callEndpoint(accountEndpoints.updateMe, { body });
  // the answer leaves out what only `me?include_perms` tells: kept from the user known, or the
  // header lost the console link (a new organiser accepting the policies, staff changing language)
  const known = queryClient.getQueryData<User>(userQueryKey) ?? useAppStore.getState().user;
  const user: User = {
    ...answer,
    perms: answer.perms ?? known?.perms,
    organisation_count: answer.organisation_count ?? known?.organisation_count,
  };
  setCurrentUser(user);
  return user;
}

/** Forgets the session on this device: store (token, user, event owner, flags) and server-state cache. */
export function clearSession(): void {
  confirmedThisPageLoad = false;
  useAppStore.getState().logout();
  queryClient.clear();
}

/** Log out: POST /api/v1/logout/ revokes the token (a failure does not keep the user in), then clear. */
export async function signOut(): Promise<void> {
  try {
    if (useAppStore.getState().token) await callEndpoint(accountEndpoints.logout);
  } catch {
    // the token may already be gone; the session ends here either way
  }
  clearSession();
}
