import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '../../shared/config/paths';
import { useAppStore } from '../../shared/store/app-store';

/** "/" sends logged-in users to their albums and remembers a ?voucher= to redeem at checkout. */
export function homeLoader({ request }: LoaderFunctionArgs): null {
  const voucher = new URL(request.url).searchParams.get('voucher')?.trim();
  const store = useAppStore.getState();
  if (voucher) store.setVoucher(voucher);
  if (store.token) throw redirect(paths.checkins.getHref());
  return null;
}

/** /login, /signup, /reset-password: logged-in users go to "/". */
export function loggedOutOnlyLoader(): null {
  if (useAppStore.getState().token) throw redirect(paths.home.getHref());
  return null;
}
