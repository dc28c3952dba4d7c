import { sharingEndpoints as s } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** Share links: opening one, for anyone who has it (the hash is the permission). */
export function sharingRoutes({ route, services }: RouteContext): void {
  route(s.sharedImage, async ({ body }) => services.sharedImage.open(body));
}
