import { organiserEndpoints as o } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** The organiser's read side: their events and what became of each upload. */
export function organiserMediaRoutes({ route, services, requestInfo }: RouteContext): void {
  const { organiser } = services;
  route(o.listEvents, async ({ auth, request, query }) =>
    organiser.events(auth, (await requestInfo(request)).organisationId, query.organisation_id),
  );
  route(o.listMedia, async ({ auth, params, query }) => organiser.media(auth, params.slug, query));
  route(o.faceIndexProgress, async ({ auth, params }) => organiser.faceIndexProgress(auth, params.slug));
  route(o.eventMetrics, async ({ auth, params, query }) =>
    organiser.eventMetrics(auth, params.slug, query.days),
  );
}
