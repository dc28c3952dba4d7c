import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isApiError } from '../api/errors';
import { paths } from '../config/paths';
import { useAppStore } from '../store/app-store';
import { ensureUser } from './user';

/**
 * Routes that need a login: logged-out users go to /login?next=<target>; the current user is
 * fetched when missing; a user who has not accepted the required policies goes to /terms?next=<target>.
 */
export async function requireLogin({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  if (!useAppStore.getState().token) throw redirect(paths.login.getHref(target));
  let user: Awaited<ReturnType<typeof ensureUser>>;
  try {
    user = await ensureUser();
  } catch (error) {
    // a 401 has already ended the session (API client); the home page shows the notice
    if (isApiError(error) && error.status === 401) throw redirect(paths.home.getHref());
    throw error;
  }
  if (!user.accepted_required_policies && url.pathname !== paths.terms.path) {
    throw redirect(paths.terms.getHref(target));
  }
  return null;
}
