import { organiserParticipantEndpoints as k } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** Check-ins and support requests in the organiser console (issue 18); rules in services/participants. */
export function organiserParticipantRoutes({ route, services }: RouteContext): void {
  const { participants } = services;
  route(k.listCheckins, async ({ auth, params, query }) => participants.checkins(auth, params.slug, query));
  route(k.listSupportRequests, async ({ auth, params, query }) =>
    participants.supportRequests(auth, params.id, query),
  );
  route(k.supportScreenshot, async ({ auth, params, reply }) => {
    const bytes = await participants.screenshot(auth, params.id, params.request_id);
    return reply
      .headers({
        'content-type': 'image/jpeg',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      })
      .send(bytes);
  });
}
