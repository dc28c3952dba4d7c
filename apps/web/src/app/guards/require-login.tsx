import { Outlet } from 'react-router';
import { requireLogin } from '../../shared/auth/require-login';

/** The login-required group of routes: its guard (shared/auth/require-login.ts), then the screen. */
export const loader = requireLogin;

export function Component() {
  return <Outlet />;
}
