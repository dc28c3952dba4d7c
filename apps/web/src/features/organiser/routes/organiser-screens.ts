import { redirect } from 'react-router';
import { paths } from '../../../shared/config/paths';

const pricesPage = () => import('../prices/prices-page');

/**
 * The console's screens, each its own chunk. The router reaches them through this small module, so
 * the participant's home route names one chunk for the whole console instead of every page's
 * files (issue 19: the console must not grow the home route).
 */
export const organiserScreens = {
  events: () => import('../events/events-page'),
  event: () => import('../events/event-page'),
  team: () => import('../team/team-page'),
  newOrganisation: () => import('../staff/new-organisation-page'),
  branding: () => import('../branding/branding-page'),
  codes: () => import('../codes/codes-page'),
  eventPrices: pricesPage,
  priceSheets: pricesPage,
  participants: () => import('../participants/checkins-page'),
  support: () => import('../participants/support-requests-page'),
  vouchers: () => import('../vouchers/vouchers-page'),
  eventPayments: () => import('../selling/event-payments-page'),
  selling: () => import('../selling/selling-page'),
  orders: () => import('../orders/orders-page'),
  order: () => import('../orders/order-page'),
  upload: () => import('./upload'),
  media: () => import('../media/media-page'),
  dashboard: () => import('../dashboard/organisation-dashboard-page'),
  eventDashboard: () => import('../dashboard/event-dashboard-page'),
  // the usage figures became the dashboard (issue 19): old links land there
  metrics: async () => ({ loader: () => redirect(paths.organiserDashboard.getHref()) }),
};
