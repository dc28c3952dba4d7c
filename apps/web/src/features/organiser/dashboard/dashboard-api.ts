import { organiserDashboardEndpoints as d } from '@fotodrop/contract/api/organiser-dashboard';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';

/** A dashboard's period: both days given, or neither (from the first activity to today). */
export interface DashboardPeriod {
  from?: string;
  to?: string;
}

const periodQuery = (period: DashboardPeriod) => ({
  ...(period.from ? { from: period.from } : {}),
  ...(period.to ? { to: period.to } : {}),
});

export const dashboardKeys = {
  event: (slug: string, period: DashboardPeriod) =>
    ['organiser', 'dashboard', 'event', slug, period] as const,
  organisation: (id: number, period: DashboardPeriod) =>
    ['organiser', 'dashboard', 'organisation', id, period] as const,
};

/** GET /organiser/v1/events/{slug}/dashboard/: the event's insight for the period. */
export function eventDashboardQuery(slug: string, period: DashboardPeriod) {
  return queryOptions({
    queryKey: dashboardKeys.event(slug, period),
    queryFn: ({ signal }) =>
      callEndpoint(d.eventDashboard, { params: { slug }, query: periodQuery(period), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /organiser/v1/organisations/{id}/dashboard/: all the organisation's events together. */
export function organisationDashboardQuery(id: number, period: DashboardPeriod) {
  return queryOptions({
    queryKey: dashboardKeys.organisation(id, period),
    queryFn: ({ signal }) =>
      callEndpoint(d.organisationDashboard, { params: { id }, query: periodQuery(period), signal }),
    placeholderData: keepPreviousData,
  });
}
