import { paymentMethodEndpoints as pm } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** The user's saved cards (profile and checkout). */
export function paymentMethodRoutes({ route, services }: RouteContext): void {
  const { savedCards } = services;
  route(pm.savedCards, async ({ auth }) => savedCards.list(auth));
  route(pm.setDefaultCard, async ({ auth, params }) => savedCards.setDefault(auth, params.id));
  route(pm.detachCard, async ({ auth, params }) => savedCards.detach(auth, params.id));
}
