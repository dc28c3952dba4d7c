import type { OrganisationRole } from '@fotodrop/contract/api/organisations';

/**
 * Every route of the app (entry spec §2), with its access rule and navigation-bar flags, and a
 * getHref() that builds a link to it. Screens not built yet keep their entry so later issues only
 * add the screen.
 */

/** all: anyone · logged-out: logged-in users go to / · login: logged-out users go to /login?next=… */
export type RouteAccess = 'all' | 'logged-out' | 'login';

export interface RouteDef {
  path: string;
  access: RouteAccess;
  /** The navigation bar shows a back button. */
  backButton?: boolean;
  /** The navigation bar hides the cart icon. */
  hideCartIcon?: boolean;
  /** The navigation bar shows the check-in menu. */
  checkinMenu?: boolean;
}

type Query = Record<string, string | number | null | undefined>;

function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

const seg = (value: string | number) => encodeURIComponent(String(value));

/** Mercado Pago result statuses accepted in /checkout/mercado-pago/:status (decision). */
export const MERCADO_PAGO_STATUSES = ['success', 'failure', 'pending'] as const;

export const paths = {
  home: { path: '/', access: 'all', getHref: (q?: { voucher?: string }) => withQuery('/', q) },
  autologin: {
    path: '/autologin',
    access: 'all',
    getHref: (q?: { next?: string }) => withQuery('/autologin', q),
  },
  sso: {
    path: '/sso',
    access: 'all',
    getHref: (q?: { token?: string; integration?: string; next?: string }) => withQuery('/sso', q),
  },
  login: { path: '/login', access: 'logged-out', getHref: (next?: string) => withQuery('/login', { next }) },
  signup: {
    path: '/signup',
    access: 'logged-out',
    getHref: (next?: string) => withQuery('/signup', { next }),
  },
  resetPassword: {
    path: '/reset-password',
    access: 'logged-out',
    getHref: (token?: string) => withQuery('/reset-password', { token }),
  },
  preview: { path: '/preview', access: 'all', getHref: (q?: Query) => withQuery('/preview', q) },
  events: { path: '/events', access: 'all', getHref: () => '/events' },
  eventHome: {
    path: '/e/:eventSlug',
    access: 'all',
    getHref: (eventSlug: string) => `/e/${seg(eventSlug)}`,
  },
  live: { path: '/live', access: 'all', getHref: (q?: Query) => withQuery('/live', q) },
  help: { path: '/help', access: 'all', getHref: (hash?: string) => (hash ? `/help#${hash}` : '/help') },
  // decision (issue 10): the camera help pages, one per browser and system; without segments the
  // page shows the visitor's own browser and system
  cameraHelp: {
    path: '/help/camera/:browser?/:system?',
    access: 'all',
    getHref: (browser?: string, system?: string) =>
      browser && system ? `/help/camera/${seg(browser)}/${seg(system)}` : '/help/camera',
  },
  terms: { path: '/terms', access: 'login', getHref: (next?: string) => withQuery('/terms', { next }) },
  // decision (issue 8): the policy texts themselves; /terms is the acceptance screen
  termsOfService: { path: '/terms-of-service', access: 'all', getHref: () => '/terms-of-service' },
  privacyPolicy: { path: '/privacy-policy', access: 'all', getHref: () => '/privacy-policy' },
  completeCheckin: {
    path: '/complete-checkin',
    access: 'login',
    getHref: (t?: string) => withQuery('/complete-checkin', { t }),
  },
  checkins: {
    path: '/checkins',
    access: 'login',
    getHref: (q?: { picacode?: string }) => withQuery('/checkins', q),
  },
  checkin: {
    path: '/checkins/:picacode',
    access: 'login',
    backButton: true,
    checkinMenu: true,
    getHref: (picacode: string) => `/checkins/${seg(picacode)}`,
  },
  galleryTree: {
    path: '/checkins/:picacode/gallery_tree/:gallery_id?',
    access: 'login',
    getHref: (picacode: string, galleryId?: number) =>
      `/checkins/${seg(picacode)}/gallery_tree${galleryId === undefined ? '' : `/${seg(galleryId)}`}`,
  },
  checkinError: { path: '/checkin-error', access: 'login', getHref: () => '/checkin-error' },
  profileResume: { path: '/profile/resume', access: 'login', getHref: () => '/profile/resume' },
  profilePrivacy: { path: '/profile/privacy', access: 'login', getHref: () => '/profile/privacy' },
  profileChangePassword: {
    path: '/profile/change-password',
    access: 'login',
    getHref: () => '/profile/change-password',
  },
  // decision (issue 9): "My orders" in the profile (the spec names no route for it)
  orders: { path: '/profile/orders', access: 'login', getHref: () => '/profile/orders' },
  checkout: {
    path: '/checkout',
    access: 'login',
    backButton: true,
    hideCartIcon: true,
    getHref: () => '/checkout',
  },
  checkoutSuccess: {
    path: '/checkout/success',
    access: 'login',
    backButton: true,
    hideCartIcon: true,
    getHref: (q?: Query) => withQuery('/checkout/success', q),
  },
  checkoutComplete: {
    path: '/checkout/complete',
    access: 'login',
    backButton: true,
    hideCartIcon: true,
    getHref: (q?: Query) => withQuery('/checkout/complete', q),
  },
  checkoutMercadoPago: {
    path: '/checkout/mercado-pago/:status',
    access: 'login',
    hideCartIcon: true,
    getHref: (status: (typeof MERCADO_PAGO_STATUSES)[number], q?: Query) =>
      withQuery(`/checkout/mercado-pago/${seg(status)}`, q),
  },
  // decision (issue 9): the built-in test payment provider's own page, where redirect methods
  // (iDEAL, Przelewy24, Mercado Pago without keys) send the browser to authorize or fail a payment
  testPayment: {
    path: '/test-payments/:intentId',
    access: 'login',
    hideCartIcon: true,
    getHref: (intentId: string) => `/test-payments/${seg(intentId)}`,
  },
  // decision: the spec names no print routes; /print chooses a product, /print/:productId
  // configures it and chooses its photos, /print/added is the "configuration finished" page.
  // `checkin_id` (issue 19): the album whose organisation's offer (products, prices) is shown; the
  // chooser passes it on to the product it opens
  print: {
    path: '/print',
    access: 'login',
    backButton: true,
    getHref: (q?: { checkin_id?: number | undefined }) => withQuery('/print', q),
  },
  printAdded: {
    path: '/print/added',
    access: 'login',
    backButton: true,
    getHref: (item?: number) => withQuery('/print/added', { item }),
  },
  printProduct: {
    path: '/print/:productId',
    access: 'login',
    backButton: true,
    getHref: (productId: number, q?: { checkin_id?: number | undefined }) =>
      withQuery(`/print/${seg(productId)}`, q),
  },
  // decision (issue 9): the photobook offer page (albums spec §2); its link carries the album and key
  photobook: {
    path: '/photobook',
    access: 'login',
    backButton: true,
    getHref: (q: { checkin_id: number; key: string }) => withQuery('/photobook', q),
  },
  // decision (issue 11): a shared photo's page; the link carries the sharer, the medium and the
  // security_hash that proves the sharer made it (entry spec §8)
  shared: {
    path: '/shared/:userId/:mediaId/:hash',
    access: 'all',
    getHref: (userId: number, mediaId: number, hash: string) =>
      `/shared/${seg(userId)}/${seg(mediaId)}/${seg(hash)}`,
  },
  impersonate: { path: '/impersonate', access: 'login', getHref: () => '/impersonate' },
  // decision (issue 18): no spec screen; the organiser console's home: the organisation's events
  organiserHome: { path: '/organiser', access: 'login', getHref: () => '/organiser' },
  // decision (issue 18): the owner's team page (members, roles, invitations)
  organiserTeam: { path: '/organiser/team', access: 'login', getHref: () => '/organiser/team' },
  // decision (issue 18): platform staff create an organisation and invite its owner
  organiserNewOrganisation: {
    path: '/organiser/organisations/new',
    access: 'login',
    getHref: () => '/organiser/organisations/new',
  },
  // decision (issue 18): the owner's branding editor with a live preview of the site
  organiserBranding: { path: '/organiser/branding', access: 'login', getHref: () => '/organiser/branding' },
  // decision (issue 18): no spec screen; an event's album codes (codes.read; generate, import and
  // revoke with codes.manage)
  organiserEventCodes: {
    path: '/organiser/events/:slug/codes',
    access: 'login',
    getHref: (slug: string) => `/organiser/events/${seg(slug)}/codes`,
  },
  // decision (issue 19): no spec screen; an event's prices (events.read; changes selling.manage)
  organiserEventPrices: {
    path: '/organiser/events/:slug/prices',
    access: 'login',
    getHref: (slug: string) => `/organiser/events/${seg(slug)}/prices`,
  },
  // decision (issue 19): no spec screen; the organisation's price sheets (selling.manage)
  organiserPriceSheets: {
    path: '/organiser/price-sheets',
    access: 'login',
    getHref: () => '/organiser/price-sheets',
  },
  // decision (issue 18): one event of the console: overview and lifecycle, settings, galleries,
  // photographers (`?tab=` names the open tab)
  organiserEvent: {
    path: '/organiser/events/:slug',
    access: 'login',
    getHref: (slug: string) => `/organiser/events/${seg(slug)}`,
  },
  // decision (issue 18): no spec screen; an event's media in the console (media.read; changes media.manage)
  organiserEventMedia: {
    path: '/organiser/events/:slug/media',
    access: 'login',
    getHref: (slug: string) => `/organiser/events/${seg(slug)}/media`,
  },
  // decision (issue 18): no spec screen; an event's albums for support (orders.read)
  organiserEventParticipants: {
    path: '/organiser/events/:slug/participants',
    access: 'login',
    getHref: (slug: string) => `/organiser/events/${seg(slug)}/participants`,
  },
  // decision (issue 19): no spec screen; the payment methods an event offers (read: orders.read,
  // change: selling.manage)
  organiserEventPayments: {
    path: '/organiser/events/:slug/payments',
    access: 'login',
    getHref: (slug: string) => `/organiser/events/${seg(slug)}/payments`,
  },
  // decision (issue 19): no spec screen; the organisation's bank account and print offer (selling.manage)
  organiserSelling: { path: '/organiser/selling', access: 'login', getHref: () => '/organiser/selling' },
  // decision (issue 18): no spec screen; the organisation's support requests (orders.read)
  organiserSupport: { path: '/organiser/support', access: 'login', getHref: () => '/organiser/support' },
  // decision (issue 19): no spec screen; the organisation's vouchers and campaigns (selling.manage)
  organiserVouchers: { path: '/organiser/vouchers', access: 'login', getHref: () => '/organiser/vouchers' },
  // decision (issue 19): no spec screen; the organisation's orders (orders.read) and one order
  organiserOrders: { path: '/organiser/orders', access: 'login', getHref: () => '/organiser/orders' },
  organiserOrder: {
    path: '/organiser/orders/:id',
    access: 'login',
    getHref: (id: number) => `/organiser/orders/${id}`,
  },
  // decision: no spec screen; organisers (permission media.upload) upload photos and videos here
  // `event`: the event the page opens on (an event's own Upload link), else the default event
  organiserUpload: {
    path: '/organiser/upload',
    access: 'login',
    getHref: (event?: string) => withQuery('/organiser/upload', { event }),
  },
  // decision (issue 19): the organisation's dashboard (metrics.read) is the console's one place
  // for figures; the former /organiser/metrics page leads there
  organiserDashboard: {
    path: '/organiser/dashboard',
    access: 'login',
    getHref: () => '/organiser/dashboard',
  },
  organiserMetrics: { path: '/organiser/metrics', access: 'login', getHref: () => '/organiser/dashboard' },
  // decision (issue 19): one event's dashboard (metrics.read), linked from the event page
  organiserEventDashboard: {
    path: '/organiser/events/:slug/dashboard',
    access: 'login',
    getHref: (slug: string) => `/organiser/events/${seg(slug)}/dashboard`,
  },
  // decision (issue 18): the page an invitation e-mail links to (the server's INVITATION_PATH);
  // open to all: a new member has no account yet, an existing one may be signed in
  organiserInvitation: {
    path: '/organiser/invitation',
    access: 'all',
    getHref: (token?: string) => withQuery('/organiser/invitation', { token }),
  },
  /** The opt-out link of a runner's "your photos are ready" e-mail (issue 20). */
  runnerOptOut: {
    path: '/runners/opt-out',
    access: 'all',
    getHref: (token?: string) => withQuery('/runners/opt-out', { token }),
  },
  notFound: { path: '*', access: 'all', getHref: () => '/404' },
} as const satisfies Record<string, RouteDef & { getHref: (...args: never[]) => string }>;

export type PathName = keyof typeof paths;

/** Navigation state the invitation page leaves for the organiser's page ("You joined … as …"). */
export interface JoinedOrganisationState {
  joined: { organisation: string; role: OrganisationRole };
}

/** Flags a route passes to the layout through `handle`. */
export interface RouteHandle {
  backButton?: boolean;
  hideCartIcon?: boolean;
  checkinMenu?: boolean;
}

export function handleOf(def: RouteDef): RouteHandle {
  return { backButton: def.backButton, hideCartIcon: def.hideCartIcon, checkinMenu: def.checkinMenu };
}

/**
 * A `next` target is only followed when it is a path of this site ("/…", not "//host" or a URL),
 * so links cannot send users elsewhere after they log in.
 */
export function safeNext(next: string | null | undefined, fallback: string): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
