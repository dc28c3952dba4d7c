import { photobookEndpoints as p } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** The photobook offer: its link key for the album's owner, and the preview the link opens. */
export function photobookRoutes({ route, services }: RouteContext): void {
  const { photobook } = services;
  route(p.offer, async ({ auth, query }) => photobook.offer(auth.user.id, query.checkin_id));
  route(p.preview, async ({ auth, query }) => photobook.preview(auth.user.id, query));
}
