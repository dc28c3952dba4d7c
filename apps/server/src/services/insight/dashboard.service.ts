import {
  addDays,
  DASHBOARD_MAX_DAYS,
  type DashboardDay,
  type DashboardEventRow,
  type DashboardQuery,
  dayIn,
  type EventDashboard,
  type OrganisationDashboard,
} from '@fotodrop/contract';
import type { Db } from '../../db/client';
import { type DayRange, dashboardRepository } from '../../repositories/dashboard.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';
import { type DashboardScope, dashboardFigures, figureScope } from './dashboard-figures';
import { mostCommon } from './most-common';

export interface DashboardOptions {
  db: Db;
  now?: () => Date;
}

/**
 * The insight dashboards (issue 19): an event's, and its organisation's over all its events.
 * Both pass the console's role check (metrics.read: owners and managers), then read the roll-ups
 * through `dashboard-figures.ts`.
 */
export function dashboardService({ db, now = () => new Date() }: DashboardOptions) {
  const access = consoleAccess(db);
  const repo = () => dashboardRepository(db);

  /** The period asked for, or from the first activity to today (at most DASHBOARD_MAX_DAYS). */
  async function periodOf(query: DashboardQuery, scope: DashboardScope): Promise<DayRange> {
    const today = dayIn(now(), scope.timeZone);
    const to = query.to ?? (query.from && query.from > today ? query.from : today);
    if (query.from) return { from: query.from, to };
    const first = scope.events.length > 0 ? await repo().firstActivity(figureScope(scope)) : null;
    const earliest = addDays(to, -(DASHBOARD_MAX_DAYS - 1));
    const from = first === null || first > to ? to : first < earliest ? earliest : first;
    return { from, to };
  }

  return {
    async event(auth: AuthContext, slug: string, query: DashboardQuery): Promise<EventDashboard> {
      const { event } = await access.event(auth, slug, 'metrics.read');
      // an event's days are its own: the roll-ups' days
      const scope: DashboardScope = {
        events: [{ id: event.id, currency: event.currency }],
        timeZone: event.timeZone,
        currency: event.currency,
        onceEach: false,
        ordersOf: null,
      };
      const range = await periodOf(query, scope);
      const { figures } = await dashboardFigures(db, scope, range);
      return { event: { id: event.id, slug: event.slug, name: event.name }, ...figures };
    },

    async organisation(auth: AuthContext, id: number, query: DashboardQuery): Promise<OrganisationDashboard> {
      const { organisation } = await access.organisation(auth, id, 'metrics.read');
      const events = await repo().eventsOf(organisation.id);
      // decision (issue 20): the organisation's days are those of its own zone (branding
      // settings), the zone its orders list and CSV read their days in: its "today", default
      // period, check-ins, orders and revenue per day. Orders come from the `order_daily` roll-up
      // (events' days) only when every event is in that zone; views, downloads, shares and selfie
      // searches stay on each event's days (their roll-up cannot be counted again). Revenue is in
      // the organisation's currency (else its events' most common one); others are listed apart.
      const timeZone = organisation.timeZone;
      const currency = organisation.currency ?? mostCommon(events.map((e) => e.currency)) ?? 'EUR';
      const scope: DashboardScope = {
        events: events.map((e) => ({ id: e.id, currency: e.currency })),
        timeZone,
        currency,
        onceEach: true,
        ordersOf: events.every((e) => e.time_zone === timeZone) ? null : organisation.id,
      };
      const range = await periodOf(query, scope);
      const { figures, perEvent } = await dashboardFigures(db, scope, range);
      const rows: DashboardEventRow[] = events
        .map((e) => ({ id: e.id, slug: e.slug, name: e.name, currency: e.currency, ...perEvent(e.id) }))
        .filter((r) => r.checkins + r.views + r.downloads + r.shares + r.selfies + r.orders > 0)
        .sort((a, b) => b.revenue - a.revenue || b.orders - a.orders || b.checkins - a.checkins);
      return { organisation: { id: organisation.id, name: organisation.name }, ...figures, events: rows };
    },
  };
}
export type DashboardService = ReturnType<typeof dashboardService>;
export type { DashboardDay };
