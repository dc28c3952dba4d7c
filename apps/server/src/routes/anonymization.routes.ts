import { checkinEndpoints as c } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** Anonymous mode of an album: turning it on (blur or deep) and off. */
export function anonymizationRoutes({ route, services, requestInfo }: RouteContext): void {
  const { anonymization } = services;
  route(c.anonymize, async ({ auth, params, body, request }) =>
    anonymization.anonymize(auth, params.id, body.kind, {
      linkBase: await (await requestInfo(request)).linkBase(),
    }),
  );
  route(c.deanonymize, async ({ auth, params }) => anonymization.deanonymize(auth, params.id));
}
