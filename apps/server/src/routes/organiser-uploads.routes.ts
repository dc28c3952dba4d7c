import { organiserUploadEndpoints as u } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** The batch check before a folder is uploaded (issue 18); the tus uploads are `tus-uploads.routes.ts`. */
export function organiserUploadRoutes({ route, services }: RouteContext): void {
  route(u.checkUploads, async ({ auth, params, body }) => services.uploads.check(auth!, params.slug, body));
}
