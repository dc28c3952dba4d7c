import { configEndpoints as e } from '@fotodrop/contract';
import type { RouteContext } from './context';

export function configRoutes({ route, services }: RouteContext): void {
  route(e.appConfig, async ({ params }) => services.config.appConfig(params.appName));
  route(e.socialProviders, async () => ({ providers: services.externalAuth.socialProviders() }));
}
