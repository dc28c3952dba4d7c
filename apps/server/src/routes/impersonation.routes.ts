import { impersonationEndpoints as i } from '@fotodrop/contract';
import { clientOf } from '../http/client';
import type { RouteContext } from './context';

/** The admin user list and "view as"; ending one is the impersonated token's logout (accounts.routes). */
export function impersonationRoutes({ route, services }: RouteContext): void {
  const { impersonation } = services;
  route(i.users, async ({ auth, query }) => impersonation.users(auth, query));
  route(i.impersonate, async ({ auth, body, request }) =>
    impersonation.impersonate(auth, body.user, clientOf(request)),
  );
}
