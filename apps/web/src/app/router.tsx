import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/routes/home';
import { handleOf, paths, type RouteDef } from '../shared/config/paths';
import { PageLoader } from '../shared/ui/spinner';
import { homeLoader, loggedOutOnlyLoader } from './guards/access-loaders';
import { rootLoader } from './guards/root-loader';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { connectSession } from './session';

interface Screen {
  route: RouteDef;
  /** A route module exporting `Component` (and optionally `loader`). Every screen but home is lazy. */
  lazy: LazyRouteFunction<RouteObject>;
  /** Its loader runs the access guard itself, after work that must come first: mounted without a guard. */
  ownGuard?: true;
}

type Screens = Record<string, () => Promise<Awaited<ReturnType<LazyRouteFunction<RouteObject>>>>>;

/**
 * Screens of the check-in, events and print features are reached through each feature's small
 * list of screens: the home page's route table then names one chunk per feature, not every
 * screen's files.
 */
const screenOf =
  <T extends Screens>(load: () => Promise<T>) =>
  (name: keyof T): LazyRouteFunction<RouteObject> =>
  () =>
    load().then((screens) => screens[name]!());
const checkinScreen = screenOf(() =>
  import('../features/checkins/routes/checkin-screens').then((m) => m.checkinScreens),
);
const authScreen = screenOf(() => import('../features/auth/routes/auth-screens').then((m) => m.authScreens));
const accountScreen = screenOf(() =>
  import('../features/account/routes/account-screens').then((m) => m.accountScreens),
);
const printScreen = screenOf(() =>
  import('../features/print/routes/print-screens').then((m) => m.printScreens),
);
const termsScreen = screenOf(() =>
  import('../features/terms/routes/terms-screens').then((m) => m.termsScreens),
);
const checkoutScreen = screenOf(() =>
  import('../features/checkout/routes/checkout-screens').then((m) => m.checkoutScreens),
);
const eventScreens = () => import('../features/events/routes/event-screens').then((m) => m.eventScreens);
const organiserScreen = screenOf(() =>
  import('../features/organiser/routes/organiser-screens').then((m) => m.organiserScreens),
);

/** Screens built so far; a route's access rule comes from paths.ts and decides its guard. */
const screens: Screen[] = [
  { route: paths.autologin, lazy: authScreen('autologin') },
  { route: paths.sso, lazy: authScreen('sso') },
  { route: paths.login, lazy: authScreen('login') },
  { route: paths.signup, lazy: authScreen('signup') },
  { route: paths.resetPassword, lazy: authScreen('resetPassword') },
  { route: paths.terms, lazy: termsScreen('accept') },
  { route: paths.termsOfService, lazy: termsScreen('termsOfService') },
  { route: paths.privacyPolicy, lazy: termsScreen('privacyPolicy') },
  { route: paths.checkins, lazy: checkinScreen('checkins') },
  { route: paths.checkinError, lazy: checkinScreen('checkinError') },
  { route: paths.checkin, lazy: checkinScreen('checkin') },
  { route: paths.galleryTree, lazy: checkinScreen('galleryTree') },
  // stores the token of its link (?t=) before it runs the login guard itself
  { route: paths.completeCheckin, lazy: checkinScreen('completeCheckin'), ownGuard: true },
  { route: paths.preview, lazy: checkinScreen('preview') },
  { route: paths.eventHome, lazy: () => eventScreens().then((screens) => screens.eventHome()) },
  { route: paths.live, lazy: () => eventScreens().then((screens) => screens.live()) },
  // the calendar modal over the home page: the app composes the two features
  {
    route: paths.events,
    lazy: () =>
      eventScreens()
        .then((screens) => screens.calendar())
        .then(({ EventsCalendar }) => ({
          Component: () => <EventsCalendar home={<HomePage />} />,
        })),
  },
  { route: paths.profileResume, lazy: accountScreen('resume') },
  { route: paths.profilePrivacy, lazy: accountScreen('privacy') },
  { route: paths.profileChangePassword, lazy: accountScreen('changePassword') },
  { route: paths.orders, lazy: accountScreen('orders') },
  { route: paths.shared, lazy: () => import('../features/sharing/routes/shared-image') },
  { route: paths.organiserHome, lazy: organiserScreen('events') },
  { route: paths.organiserTeam, lazy: organiserScreen('team') },
  { route: paths.organiserNewOrganisation, lazy: organiserScreen('newOrganisation') },
  { route: paths.organiserBranding, lazy: organiserScreen('branding') },
  { route: paths.organiserEventCodes, lazy: organiserScreen('codes') },
  { route: paths.organiserEventPrices, lazy: organiserScreen('eventPrices') },
  { route: paths.organiserPriceSheets, lazy: organiserScreen('priceSheets') },
  { route: paths.organiserEvent, lazy: organiserScreen('event') },
  { route: paths.organiserEventParticipants, lazy: organiserScreen('participants') },
  { route: paths.organiserSupport, lazy: organiserScreen('support') },
  { route: paths.organiserVouchers, lazy: organiserScreen('vouchers') },
  { route: paths.organiserEventPayments, lazy: organiserScreen('eventPayments') },
  { route: paths.organiserSelling, lazy: organiserScreen('selling') },
  { route: paths.organiserOrders, lazy: organiserScreen('orders') },
  { route: paths.organiserOrder, lazy: organiserScreen('order') },
  { route: paths.organiserUpload, lazy: organiserScreen('upload') },
  { route: paths.organiserEventMedia, lazy: organiserScreen('media') },
  { route: paths.organiserDashboard, lazy: organiserScreen('dashboard') },
  { route: paths.organiserEventDashboard, lazy: organiserScreen('eventDashboard') },
  { route: paths.organiserMetrics, lazy: organiserScreen('metrics') },
  { route: paths.organiserInvitation, lazy: authScreen('invitation') },
  { route: paths.runnerOptOut, lazy: () => import('../features/runners/routes/runner-opt-out') },
  { route: paths.impersonate, lazy: () => import('../features/impersonation/routes/impersonate') },
  { route: paths.help, lazy: () => import('../features/help/routes/help-page') },
  { route: paths.cameraHelp, lazy: () => import('../features/selfie/routes/camera-help-page') },
  { route: paths.checkout, lazy: checkoutScreen('checkout') },
  { route: paths.checkoutSuccess, lazy: checkoutScreen('success') },
  { route: paths.checkoutComplete, lazy: checkoutScreen('complete') },
  { route: paths.checkoutMercadoPago, lazy: checkoutScreen('mercadoPago') },
  { route: paths.testPayment, lazy: checkoutScreen('testPayment') },
  { route: paths.print, lazy: printScreen('chooser') },
  { route: paths.printAdded, lazy: printScreen('added') },
  { route: paths.printProduct, lazy: printScreen('product') },
  { route: paths.photobook, lazy: printScreen('photobook') },
];

function screensWith(access: RouteDef['access']): RouteObject[] {
  return screens
    .filter((s) => (s.ownGuard ? 'all' : s.route.access) === access)
    .map((s) => ({ path: s.route.path.slice(1), lazy: s.lazy, handle: handleOf(s.route) }));
}

/** The route table (entry spec §2). Exported for tests, which mount it in a memory router. */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: rootLoader,
      // the config guard runs on every navigation (answers come from the cache while fresh)
      shouldRevalidate: () => true,
      Component: RootLayout,
      HydrateFallback: PageLoader,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, loader: homeLoader, Component: HomePage, handle: handleOf(paths.home) },
            {
              id: 'data',
              // its module runs the e-mail link's and the album page's early calls first (issue 20)
              lazy: () => import('./data-layout'),
              children: [
                ...screensWith('all'),
                { id: 'logged-out-only', loader: loggedOutOnlyLoader, children: screensWith('logged-out') },
                {
                  id: 'login-required',
                  lazy: () => import('./guards/require-login'),
                  children: screensWith('login'),
                },
                { path: paths.notFound.path, lazy: () => import('../features/misc/routes/not-found') },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(createRoutes());
  connectSession(router);
  return router;
}
