/**
 * Business constants and limits of both specs (§9 of each). Enumerations live in ./enums and are
 * re-exported here so every constant can be imported from one place.
 */
export * from './enums';

// --- entry spec §9 ---------------------------------------------------------------------------
export const CHECKIN_PAGE_SIZE = 12;
export const FAQ_SEARCH_LIMIT = 4;
/** Queued metrics are sent after this long without user activity. */
export const METRICS_IDLE_MS = 20_000;
/** The check-in step modal opens this long after other modals were closed, so they can animate out. */
export const STEP_MODAL_DELAY_MS = 500;
/** Height of the fixed navigation bar plus breathing room, so a #hash target is not hidden under it. */
export const HASH_SCROLL_OFFSET_PX = 136;
/** Event owner used on the product's own site, where no organisation config sets one. */
export const DEFAULT_EVENT_OWNER_ID = 34;
export const DEFAULT_TOKEN_TYPE = 'Token' as const;
export const MIN_AGE = 18;
/** A preview for this photo service shows the marketing-consent check. */
export const MARKETING_CHECK_SERVICE_ID = 2394;
/** Failed network or idempotent requests are retried this many times, waiting RETRY_BASE_DELAY_MS × 2^attempt. */
export const RETRY_COUNT = 4;
export const RETRY_BASE_DELAY_MS = 1000;
export const SENTRY_TRACES_SAMPLE_RATE = 0.1;
export const SENTRY_REPLAYS_SESSION_SAMPLE_RATE = 0.1;
export const SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE = 1.0;
/** Support is open Monday to Friday (Date#getDay numbering: 0 Sunday … 6 Saturday); closed on holidays. */
export const SUPPORT_WEEKDAYS = [1, 2, 3, 4, 5] as const;

/** decision: names of the locally stored items (the spec says they exist but not their names). */
export const STORAGE_KEYS = {
  token: 'auth_token',
  tokenType: 'auth_token_type',
  user: 'user',
  eventOwner: 'event_owner_id',
  picacodeRecovery: 'recovery_picacode',
  campaign: 'campaign',
  popupsViewed: 'popups_viewed',
  impersonator: 'impersonator',
  metricQueue: 'metric_queue',
  language: 'user_language',
} as const;

/** Third-level labels that mean the product's own site rather than an organisation's subdomain. */
export const SELF_SITE_SUBDOMAINS = ['www', 'www-dev', 'www-test', 'www-local'] as const;
/** decision: hosts starting with "fd." are rewritten to "www." (the spec's "short prefix"). */
export const SHORT_HOST_PREFIX = 'fd';

// --- albums spec §9 --------------------------------------------------------------------------
export const IMPERSONATION_PAGE_SIZE = 20;
export const ALL_PHOTOS_PAGE_SIZE = 40;
/** What the all-photos tab shows before its first page arrives. */
export const ALL_PHOTOS_INITIAL_PAGINATION = {
  total: 0,
  num_pages: 1,
  page_size: 40,
  page_number: 1,
} as const;
/** Placeholder tiles per gallery while media load; never more than the gallery's media_count. */
export const MAX_PLACEHOLDERS = 20;
/** Counting check-ins only needs pagination.total, so one item per page is enough. */
export const CHECKIN_COUNT_PROBE_PAGE_SIZE = 1;
export const FAVOURITE_COUNT_MIN = 0;
/** Price-list bundle prices computed from unit_price × qty are rounded to this many decimals. */
export const PRICE_ROUNDING_DECIMALS = 1;
/** "All media of a cart item" in one page. */
export const CART_ITEM_MEDIAS_PAGE_SIZE = 99_999;
export const MOBILE_MAX_WIDTH_PX = 768;
export const TOAST_MS = 3000;
export const NOTIFICATION_TIMEOUT_MS = 2000;
/** Pixels of horizontal travel before a touch counts as a swipe. */
export const SWIPE_TOLERANCE = 30;
/** Pixels a finger may move and still count as a tap. */
export const TAP_TOLERANCE = 10;
export const LONG_TAP_MS = 400;
export const DATE_PICKER_WIDTH = 500;
/** In the last-call period SD photos cost half; HD is no longer offered. */
export const LAST_CALL_SD_DISCOUNT_PERCENT = 50;
/** One event deletes unpurchased photos a fixed time after the event instead of a per-album deadline. */
export const EVENT_2511_ID = 2511;
export const EVENT_2511_DELETION_DAYS = 60;
/** "Photos arriving" switches to its second wording this long after the event ended (dates are whole UTC days). */
export const PHOTOS_ARRIVING_VARIANT_HOURS = 12;
export const REEL_DELIVERY_HOURS = 48;
export const PHOTOBOOK_PHOTO_COUNT = 24;
/**
 * The spec's fixed offer date (the reference app's campaign). Historical only: offers are dated
 * per album by `photobookOfferEnd` (rules/photobook.ts); see docs/decisions.md "Photobook offer".
 */
export const PHOTOBOOK_OFFER_UNTIL = '2025-02-07';
/** decision: an album's photobook offer runs this many days after its event (or stay) ended. */
export const PHOTOBOOK_OFFER_DAYS = 60;
/** decision: the spec only says "a listed set of European countries" (ISO 3166-1 alpha-2). */
export const PHOTOBOOK_DELIVERY_COUNTRIES = [
  'AT',
  'BE',
  'DE',
  'DK',
  'ES',
  'FI',
  'FR',
  'IE',
  'IT',
  'LU',
  'NL',
  'PL',
  'PT',
  'SE',
  'SI',
] as const;
export const PHOTOBOOK_FRONT_COVER_ID = 0;
export const PHOTOBOOK_BLANK_PAGE_ID = 88_888;
export const PHOTOBOOK_BACK_COVER_ID = 99_999;
/** The special photo ids of a photobook preview, by name. */
export const PHOTOBOOK_SPECIAL_IDS = {
  FRONT_COVER_ID: PHOTOBOOK_FRONT_COVER_ID,
  BLANK_PAGE_ID: PHOTOBOOK_BLANK_PAGE_ID,
  BACK_COVER_ID: PHOTOBOOK_BACK_COVER_ID,
} as const;
export const VIDEO_ALERT_DATE = '2025-07-04';
export const MARKETING_DOC_LAST_UPDATED = '2018-05-26';
/** decision: a 7-character example code free of 0/O and 1/I look-alikes; the input placeholder shows 9. */
export const PICACODE_EXAMPLE = 'K7M2Q9P';
export const PICACODE_PLACEHOLDER = 'XXXXXXXXX';
/** decision: permission string (user.perms) that allows /impersonate (the spec leaves the check open). */
export const IMPERSONATE_PERMISSION = 'users.impersonate';
/** decision: permission string (user.perms) of platform staff: the development mailbox and other operator tools. */
export const PLATFORM_STAFF_PERMISSION = 'platform.staff';
/** Value of `platform` on everything the website sends; metric messages use the short form. */
export const PLATFORM = 'site' as const;
export const METRIC_PLATFORM = 's' as const;

/** decision: permission of an organisation's staff who may mark its bank-transfer orders paid. */
export const ORDERS_MANAGE_PERMISSION = 'orders.manage';
/** decision: how long a signed download link (single original or album zip) stays valid. */
export const DOWNLOAD_LINK_TTL_HOURS = 72;
/** decision (issue 19): a refund the provider has not answered is asked again after this long. */
export const REFUND_RETRY_AFTER_MINUTES = 1;
/**
 * decision (issue 19): a refund the provider neither made nor answered for this long fails for good
 * and its lines are refundable again. Stripe keeps an idempotency key 24 h: after that a retry with
 * the same key could refund twice, so past this deadline the provider is only looked up, never asked
 * to refund.
 */
export const REFUND_GIVE_UP_HOURS = 24;
