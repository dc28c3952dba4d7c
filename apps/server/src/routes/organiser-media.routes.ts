import {
  organiserMediaManageEndpoints as m,
  organiserEndpoints as o,
  organiserProgressEndpoints as p,
} from '@fotodrop/contract';
import type { RouteContext } from './context';

/** The organiser's read side: their events and what became of each upload. */
export function organiserMediaRoutes({ route, services, requestInfo }: RouteContext): void {
  const { organiser, mediaManage, eventProgress } = services;
  route(o.listEvents, async ({ auth, request, query }) =>
    organiser.events(auth, (await requestInfo(request)).organisationId, query.organisation_id),
  );
  route(o.listMedia, async ({ auth, params, query }) => organiser.media(auth, params.slug, query));
  route(m.updateMedium, async ({ auth, params, body }) =>
    mediaManage.update(auth, params.slug, params.id, body),
  );
  route(m.deleteMedium, async ({ auth, params }) => mediaManage.remove(auth, params.slug, params.id));
  route(m.bulkMedia, async ({ auth, params, body }) => mediaManage.bulk(auth, params.slug, body));
  route(o.faceIndexProgress, async ({ auth, params }) => organiser.faceIndexProgress(auth, params.slug));
  route(p.eventProgress, async ({ auth, params }) => eventProgress.progress(auth, params.slug));
  route(o.eventMetrics, async ({ auth, params, query }) =>
    organiser.eventMetrics(auth, params.slug, query.days),
  );
}
