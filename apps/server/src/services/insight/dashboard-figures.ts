import type { DashboardDay, EventDashboard } from '@fotodrop/contract';
import { daysBetween } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import {
  type DayRange,
  dashboardRepository,
  type FigureScope,
} from '../../repositories/dashboard.repository';

/** The events a dashboard covers, the zone of its days, and its currency. */
export interface DashboardScope {
  events: { id: number; currency: string }[];
  timeZone: string;
  currency: string;
  /** An order over several of the events counts once (the organisation's dashboard). */
  onceEach: boolean;
  /**
   * The organisation whose orders are read from the orders themselves on `timeZone`'s days;
   * null: from the `order_daily` roll-up, on each event's own days (equal to `timeZone`'s).
   */
  ordersOf: number | null;
}

/** The repository's view of a scope. */
export const figureScope = (scope: DashboardScope): FigureScope => ({
  eventIds: scope.events.map((e) => e.id),
  zone: scope.timeZone,
  onceEach: scope.onceEach,
  organisationId: scope.ordersOf,
});

/** Which roll-up types each figure adds up (albums spec §9 metric types, and the server's own). */
const SERIES = {
  selfies: ['selfie_added'],
  views: ['media_viewed'],
  downloads: ['media_downloaded', 'zip_downloaded'],
  shares: ['shared_link_created', 'share_with_friend_created'],
} as const satisfies Record<string, readonly string[]>;
type Series = keyof typeof SERIES;
const SERIES_OF_TYPE = new Map<string, Series>(
  (Object.entries(SERIES) as [Series, readonly string[]][]).flatMap(([series, types]) =>
    types.map((t) => [t, series] as const),
  ),
);
/** People who opened a shared link: one of the ways participants find their photos. */
const SHARED_LINK_OPENED = 'shared_link_opened';
/** The campaign tag rows a dashboard lists at most. */
const UTM_ROWS = 50;

type Figures = Omit<EventDashboard, 'event'>;
type EventTotals = Pick<
  DashboardDay,
  'checkins' | 'selfies' | 'views' | 'downloads' | 'shares' | 'orders' | 'revenue'
>;

const zeroTotals = (): EventTotals => ({
  checkins: 0,
  selfies: 0,
  views: 0,
  downloads: 0,
  shares: 0,
  orders: 0,
  revenue: 0,
});

/**
 * A dashboard's figures for a scope and a period, and each event's totals. Every day of the
 * period is present (zeros included). Check-ins, the funnel, matched media, orders and revenue are
 * on the days of the scope's zone; views, downloads, shares and selfie searches come from the
 * `metric_daily` roll-up, counted on each event's own days (it keeps no time of day to count
 * them again). Orders and revenue are each event's share of an order (`order_event_shares`,
 * migration "insight_dashboard"); the figures in `currency` only, the others in `currencies`.
 */
export async function dashboardFigures(
  db: Queryable,
  scope: DashboardScope,
  range: DayRange,
): Promise<{ figures: Figures; perEvent: (eventId: number) => EventTotals }> {
  const repo = dashboardRepository(db);
  const ids = scope.events.map((e) => e.id);
  const days = new Map<string, DashboardDay>(
    daysBetween(range.from, range.to).map((date) => [date, { date, ...zeroTotals() }]),
  );
  const perEvent = new Map<number, EventTotals>(ids.map((id) => [id, zeroTotals()]));
  const sources = { album_code: 0, selfie: 0, bib: 0, shared_link: 0 };
  const empty = ids.length === 0;
  const { counts, checkins, funnel, matched, orderTotals, utm, pending } = empty
    ? {
        counts: [],
        checkins: [],
        funnel: { checked_in: 0, cart: 0, paid: 0 },
        matched: 0,
        orderTotals: [],
        utm: [],
        pending: 0,
      }
    : await repo.figures(figureScope(scope), range, UTM_ROWS);

  for (const c of counts) {
    if (c.type === SHARED_LINK_OPENED) sources.shared_link += c.count;
    const series = SERIES_OF_TYPE.get(c.type);
    const day = days.get(c.day);
    const event = perEvent.get(c.eventId);
    if (!series || !day || !event) continue;
    day[series] += c.count;
    event[series] += c.count;
  }
  for (const c of checkins) {
    sources.selfie += c.bySelfie;
    sources.bib += c.byBib;
    sources.album_code += c.checkins - c.bySelfie - c.byBib;
    const day = days.get(c.day);
    if (day) day.checkins += c.checkins;
    const event = perEvent.get(c.eventId);
    if (event) event.checkins += c.checkins;
  }

  const eventCurrency = new Map(scope.events.map((e) => [e.id, e.currency]));
  const currencies = new Map<string, { orders: number; revenue: number }>();
  for (const row of orderTotals) {
    if (row.eventId !== null) {
      const event = perEvent.get(row.eventId);
      if (!event) continue;
      event.orders += row.orders;
      if (eventCurrency.get(row.eventId) === row.currency) event.revenue += row.revenue;
      continue;
    }
    const tally = currencies.get(row.currency) ?? { orders: 0, revenue: 0 };
    tally.orders += row.orders;
    tally.revenue += row.revenue;
    currencies.set(row.currency, tally);
    const day = row.day === null ? undefined : days.get(row.day);
    if (day && row.currency === scope.currency) {
      day.orders += row.orders;
      day.revenue += row.revenue;
    }
  }

  const dayList = [...days.values()];
  const sum = (key: keyof EventTotals) => dayList.reduce((n, d) => n + d[key], 0);
  const orders = sum('orders');
  const revenue = sum('revenue');
  return {
    figures: {
      from: range.from,
      to: range.to,
      time_zone: scope.timeZone,
      checkins: sum('checkins'),
      selfies: sum('selfies'),
      matched_media: matched,
      views: sum('views'),
      downloads: sum('downloads'),
      shares: sum('shares'),
      orders,
      revenue,
      currency: scope.currency,
      average_order_value: orders === 0 ? 0 : Math.round(revenue / orders),
      currencies: [...currencies]
        .map(([currency, t]) => ({ currency, ...t }))
        .sort(
          (a, b) =>
            Number(b.currency === scope.currency) - Number(a.currency === scope.currency) ||
            b.revenue - a.revenue,
        ),
      days: dayList,
      funnel,
      sources,
      utm,
      pending,
    },
    perEvent: (eventId) => perEvent.get(eventId) ?? zeroTotals(),
  };
}
