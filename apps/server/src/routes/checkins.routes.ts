import { checkinEndpoints as c, eventEndpoints as e } from '@fotodrop/contract';
import { albumOpening } from '../services/albums/album-opening';
import { countries, languageOf } from '../services/cart-print/countries';
import type { RouteContext } from './context';

export function checkinRoutes({ route, services, requestInfo }: RouteContext): void {
  const { checkins, events } = services;
  const opening = albumOpening(services);
  route(c.createCheckin, async ({ auth, body, query, request }) =>
    opening.create(auth, body, request.ip, query.include_album === 'true'),
  );
  route(c.completeCheckin, async ({ auth, params, body }) => checkins.complete(auth, params.id, body));
  route(c.listCheckins, async ({ auth, query }) => checkins.list(auth, query.page, query.page_size));
  route(c.checkin, async ({ auth, params, query }) =>
    checkins.get(auth, { id: params.id }, detailOptions(query)),
  );
  route(c.checkinByCode, async ({ auth, params, query }) =>
    query.include_first_page === 'true'
      ? opening.withFirstPage(auth, params.code, detailOptions(query))
      : checkins.get(auth, { code: params.code }, detailOptions(query)),
  );
  route(c.deleteCheckin, async ({ auth, params }) => checkins.remove(auth, params.id));
  route(c.photosPreview, async ({ auth, query, request }) =>
    services.preview.preview(query, { ip: request.ip, userId: auth?.user.id ?? null }),
  );
  route(c.countries, async ({ request }) => ({
    results: countries(languageOf(request.headers['accept-language'])),
  }));

  route(e.eventBySlug, async ({ query }) => events.bySlug(query.slug));
  route(e.calendar, async ({ query, request }) =>
    events.calendar((await requestInfo(request)).organisationId, query.from, query.to),
  );
  route(e.findByBib, async ({ auth, params, body, request }) =>
    services.findByBib.find(auth, params.slug, body, request.ip),
  );
  route(e.live, async ({ query, request }) =>
    events.live((await requestInfo(request)).organisationId, query.slug),
  );
}

function detailOptions(query: {
  expand_pica_service?: 'true' | 'false';
  include_photos_summary?: 'true' | 'false';
}) {
  return { expand: query.expand_pica_service === 'true', summary: query.include_photos_summary === 'true' };
}
