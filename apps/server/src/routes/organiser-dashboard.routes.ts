import { organiserDashboardEndpoints as d } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** The insight dashboards of the console (issue 19); rules in services/insight. */
export function organiserDashboardRoutes({ route, services }: RouteContext): void {
  const { dashboard } = services;
  route(d.eventDashboard, async ({ auth, params, query }) => dashboard.event(auth, params.slug, query));
  route(d.organisationDashboard, async ({ auth, params, query }) =>
    dashboard.organisation(auth, params.id, query),
  );
}
