import { z } from 'zod';
import { endpoint } from '../endpoint';
import { currencyCode, date, id, idParams } from './common';
import { eventSlugSchema } from './events';

const tag = 'Organiser dashboard';

/** The longest period one dashboard answers (a year, leap day included). */
export const DASHBOARD_MAX_DAYS = 366;

const count = z.number().int().min(0);
/** Money in minor units of the answer's currency (cents): the charts add and plot numbers. */
const minor = z.number().int();

// decision (issue 19): a dashboard's period is two calendar days of the event's time zone (the
// organisation's own zone for its dashboard, issue 20), both included. Without them: from the first activity to today, at
// most DASHBOARD_MAX_DAYS; a longer period asked for is a 400, not silently cut.
export const dashboardQuerySchema = z
  .object({
    from: date.optional(),
    to: date.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to) {
      if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'dashboard.to_before_from' });
      else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > DASHBOARD_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['from'], message: 'dashboard.period_too_long' });
    }
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const dashboardDaySchema = z.object({
  date,
  /** Albums opened (check-ins) that day. */
  checkins: count,
  /** Albums whose participant searched with a selfie that day. */
  selfies: count,
  /** Photos and videos seen in albums and share pages (per person and medium). */
  views: count,
  /** Single files and album zips downloaded. */
  downloads: count,
  /** Share links and share-with-friend links made. */
  shares: count,
  /** Paid orders (paid that day) with a line of the event. */
  orders: count,
  /** Their revenue in the answer's currency, minor units. */
  revenue: minor,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** Of the participants who checked in during the period: how many put something in a cart, how many paid. */
export const dashboardFunnelSchema = z.object({ checked_in: count, cart: count, paid: count });

/**
 * How participants found their photos: albums opened by an album code, by a selfie search, by a
 * bib (a code for a runner's `bib-…` tag), and people who opened a shared link.
 */
export const dashboardSourcesSchema = z.object({
  album_code: count,
  selfie: count,
  bib: count,
  shared_link: count,
});

/** Visitors (each counted once a day) who came by a link with these campaign tags. */
export const dashboardUtmSchema = z.object({
  source: z.string(),
  medium: z.string(),
  campaign: z.string(),
  count,
});

/** Paid orders and revenue in one currency (a dashboard may see orders in several). */
export const dashboardCurrencySchema = z.object({ currency: currencyCode, orders: count, revenue: minor });

const dashboardFigures = {
  /** The period, as answered (the default filled in). */
  from: date,
  to: date,
  /**
   * The IANA time zone the days are counted in: the event's, or the organisation's (where views,
   * downloads, shares and selfie searches stay on each event's days).
   */
  time_zone: z.string(),
  checkins: count,
  selfies: count,
  /** Distinct photos and videos the selfie searches matched to albums in the period. */
  matched_media: count,
  views: count,
  downloads: count,
  shares: count,
  /** Paid orders with a line of the event (an order over two events counts in both). */
  orders: count,
  /** This dashboard's share of those orders' totals, minor units of `currency`. */
  revenue: minor,
  currency: currencyCode,
  /** revenue ÷ orders in `currency`, rounded to the minor unit; 0 without orders. */
  average_order_value: minor,
  /** Every currency the orders were paid in (`currency` first), when there were any. */
  currencies: z.array(dashboardCurrencySchema),
  /** Every day of the period, oldest first, zeros included. Revenue in `currency`. */
  days: z.array(dashboardDaySchema),
  funnel: dashboardFunnelSchema,
  sources: dashboardSourcesSchema,
  /** Campaign tags, most visitors first (at most 50). */
  utm: z.array(dashboardUtmSchema),
  /** Usage messages stored but not counted yet (the roll-up job runs every minute). */
  pending: count,
};

export const eventDashboardSchema = z.object({
  event: z.object({ id, slug: z.string(), name: z.string() }),
  ...dashboardFigures,
});
export type EventDashboard = z.infer<typeof eventDashboardSchema>;

/** One event's totals on the organisation's dashboard. */
export const dashboardEventRowSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  currency: currencyCode,
  checkins: count,
  selfies: count,
  views: count,
  downloads: count,
  shares: count,
  orders: count,
  /** The event's share of its orders in its own currency, minor units. */
  revenue: minor,
});
export type DashboardEventRow = z.infer<typeof dashboardEventRowSchema>;

export const organisationDashboardSchema = z.object({
  organisation: z.object({ id, name: z.string() }),
  ...dashboardFigures,
  /** The organisation's events with activity or orders in the period, most revenue first. */
  events: z.array(dashboardEventRowSchema),
});
export type OrganisationDashboard = z.infer<typeof organisationDashboardSchema>;

export const organiserDashboardEndpoints = {
  eventDashboard: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/dashboard/',
    tag,
    access: 'user',
    summary:
      "An event's insight for a period (`from`, `to`: days in the event's time zone): check-ins, " +
      'selfie searches, matched media, views, downloads, shares, paid orders and revenue per day, ' +
      'the funnel check-in → cart → paid, how participants found their photos and the campaign ' +
      'tags they came by (metrics.read)',
    params: z.object({ slug: eventSlugSchema }),
    query: dashboardQuerySchema,
    response: eventDashboardSchema,
  }),
  organisationDashboard: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/dashboard/',
    tag,
    access: 'user',
    summary:
      "The same for all the organisation's events, with a row per event; days (`from`, `to`) in " +
      "the organisation's time zone, views, downloads, shares and selfie searches on each event's " +
      "days; revenue in the organisation's currency, other currencies listed apart (metrics.read)",
    params: idParams,
    query: dashboardQuerySchema,
    response: organisationDashboardSchema,
  }),
};
