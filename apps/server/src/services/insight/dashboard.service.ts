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
import { type DashboardScope, dashboardFigures } from './dashboard-figures';
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
  async function periodOf(query: DashboardQuery, eventIds: number[], timeZone: string): Promise<DayRange> {
    const today = dayIn(now(), timeZone);
    const to = query.to ?? (query.from && query.from > today ? query.from : today);
    if (query.from) return { from: query.from, to };
    const first = eventIds.length > 0 ? await repo().firstActivity(eventIds) : null;
    const earliest = addDays(to, -(DASHBOARD_MAX_DAYS - 1));
    const from = first === null || first > to ? to : first < earliest ? earliest : first;
    return { from, to };
  }

  return {
    async event(auth: AuthContext, slug: string, query: DashboardQuery): Promise<EventDashboard> {
      const { event } = await access.event(auth, slug, 'metrics.read');
      const range = await periodOf(query, [event.id], event.timeZone);
      const scope: DashboardScope = {
        events: [{ id: event.id, currency: event.currency }],
        timeZone: event.timeZone,
        currency: event.currency,
        onceEach: false,
      };
      const { figures } = await dashboardFigures(db, scope, range);
      return { event: { id: event.id, slug: event.slug, name: event.name }, ...figures };
    },

    async organisation(auth: AuthContext, id: number, query: DashboardQuery): Promise<OrganisationDashboard> {
      const { organisation } = await access.organisation(auth, id, 'metrics.read');
      const events = await repo().eventsOf(organisation.id);
      // decision (issue 19): an organisation has no time zone of its own: its "today" and default
      // period are those of the zone most of its events use (UTC without events); each event's
      // activity and orders stay on that event's own days. Revenue is in the organisation's
      // currency (else its events' most common one); orders in other currencies are listed apart.
      const timeZone = mostCommon(events.map((e) => e.time_zone)) ?? 'UTC';
      const currency = organisation.currency ?? mostCommon(events.map((e) => e.currency)) ?? 'EUR';
      const range = await periodOf(
        query,
        events.map((e) => e.id),
        timeZone,
      );
      const { figures, perEvent } = await dashboardFigures(
        db,
        {
          events: events.map((e) => ({ id: e.id, currency: e.currency })),
          timeZone,
          currency,
          onceEach: true,
        },
        range,
      );
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
