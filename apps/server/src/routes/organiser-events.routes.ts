import { organiserBibEndpoints as b, organiserEventEndpoints as e } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** The console's events and galleries (issue 18); every rule is in the services. */
export function organiserEventRoutes({ route, services }: RouteContext): void {
  const { organiserEvents, galleries, eventBibs } = services;
  route(e.createEvent, async ({ auth, body }) => organiserEvents.create(auth, body));
  route(e.getEvent, async ({ auth, params }) => organiserEvents.get(auth, params.slug));
  route(e.updateEvent, async ({ auth, params, body }) => organiserEvents.update(auth, params.slug, body));
  route(e.listGalleries, async ({ auth, params }) => galleries.list(auth, params.slug));
  route(e.createGallery, async ({ auth, params, body }) => galleries.create(auth, params.slug, body));
  route(e.updateGallery, async ({ auth, params, body }) =>
    galleries.update(auth, params.slug, params.id, body),
  );
  route(e.deleteGallery, async ({ auth, params, query }) =>
    galleries.remove(auth, params.slug, params.id, query.move_to),
  );
  route(b.getEventBibs, async ({ auth, params }) => eventBibs.get(auth, params.slug));
  route(b.putEventBibs, async ({ auth, params, body }) => eventBibs.put(auth, params.slug, body));
}
