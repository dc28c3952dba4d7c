/**
 * Closed value sets of both specs (albums spec §3 "Enumerations" and the states of §4), as tuples
 * so schemas can use `z.enum(X)` and code can use the union type `(typeof X)[number]`.
 */

/** Tabs / filters of an album: not yet bought, bought, favourites. */
export const MEDIA_CATEGORIES = ['buyable', 'bought', 'favourite'] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];

/** Keys of the grouped galleries answer. */
export const GALLERY_KINDS = ['paid_galleries', 'unlocked_galleries', 'favorite_galleries'] as const;
export type GalleryKind = (typeof GALLERY_KINDS)[number];

/** Layout direction of a gallery strip: horizontal or vertical. */
export const LAYOUT_DIRECTIONS = ['h', 'v'] as const;
export type LayoutDirection = (typeof LAYOUT_DIRECTIONS)[number];

/** Position of a banner: top or bottom. */
export const POSITIONS = ['t', 'b'] as const;
export type Position = (typeof POSITIONS)[number];

/** How a media list pages: numbered pages, or "load more" (infinite). */
export const COUNTER_TYPES = ['number', 'infinite'] as const;
export type CounterType = (typeof COUNTER_TYPES)[number];

/** Zoom or share resolution: disabled, standard, max, original. */
export const RESOLUTIONS = ['d', 's', 'm', 'o'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const CART_ACTIONS = ['add', 'remove'] as const;
export type CartAction = (typeof CART_ACTIONS)[number];

/** Photo display: p standard, m minimal. */
export const PHOTO_DISPLAY_TYPES = ['p', 'm'] as const;
export type PhotoDisplayType = (typeof PHOTO_DISPLAY_TYPES)[number];

/** How participants of an event find their album besides the album code. */
export const CHECKIN_MODES = ['none', 'support', 'face-checkin'] as const;
export type CheckinMode = (typeof CHECKIN_MODES)[number];

/** Media type in a metric message: p photo, v video. */
export const METRIC_MEDIA_TYPES = ['p', 'v'] as const;
export type MetricMediaType = (typeof METRIC_MEDIA_TYPES)[number];

/** A further step a check-in may require (answered with HTTP 303). */
export const CHECKIN_STEPS = ['data_collector', 'face_recognition', 'option_selector'] as const;
export type CheckinStep = (typeof CHECKIN_STEPS)[number];

export const MEDIA_TYPES = ['photo', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const MEDIA_QUALITIES = ['SD', 'HD', 'AUTO'] as const;
export type MediaQuality = (typeof MEDIA_QUALITIES)[number];

/** decision: PHOTOLIST is a pick of single media; the three package kinds are the spec's packages. */
export const ORDER_TYPES = ['PHOTOLIST', 'ALL_PHOTOS', 'PHOTOS_AND_VIDEOS', 'VIDEOS'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/** The order types that buy a whole album: every photo, photos and videos, or every video. */
export const PACKAGE_ORDER_TYPES = ['ALL_PHOTOS', 'PHOTOS_AND_VIDEOS', 'VIDEOS'] as const;
export type PackageOrderType = (typeof PACKAGE_ORDER_TYPES)[number];

/** photolist = a pick of media; photopackage = one of the package kinds. */
export const PACKAGE_TYPES = ['photolist', 'photopackage'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const PAYMENT_METHODS = ['stripe', 'ideal', 'bank-transfer', 'mercado-pago', 'p24'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHODS)[number];

/** decision: the allowed values of /checkout/mercado-pago/:status (the spec does not list them). */
export const MERCADO_PAGO_STATUSES = ['success', 'failure', 'pending'] as const;
export type MercadoPagoStatus = (typeof MERCADO_PAGO_STATUSES)[number];

/** Result of a payment as shown to the user. */
export const PAYMENT_RESULT_STATUSES = ['success', 'failure', 'pending'] as const;
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];

/**
 * decision: awaiting_payment (created), processing (provider working), pending (bank transfer), paid,
 * failed (the provider refused), cancelled (by its owner, replaced by a newer order, or expired unpaid).
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'processing',
  'pending',
  'paid',
  'failed',
  'cancelled',
  // issue 19: a paid order after an organiser's refund of some of its lines, or of all of it
  'partially_refunded',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Anonymous mode of an album: off, pending ("processing"), on ("active"). */
export const ANONYMIZATION_STATES = ['off', 'pending', 'on'] as const;
export type AnonymizationState = (typeof ANONYMIZATION_STATES)[number];

/** blur hides the face; deep also e-mails a confirmation once every photo is processed. */
export const ANONYMIZATION_KINDS = ['blur', 'deep'] as const;
export type AnonymizationKind = (typeof ANONYMIZATION_KINDS)[number];

/** decision: life cycle of a face search over an album's event. */
export const FACE_INFERENCE_STATUSES = [
  'not_started',
  'pending',
  'processing',
  'completed',
  'failed',
] as const;
export type FaceInferenceStatus = (typeof FACE_INFERENCE_STATUSES)[number];

/** decision: an event is a one-off (sport, corporate) or a holiday stay with stay dates. */
export const EXPERIENCE_TYPES = ['event', 'stay'] as const;
export type ExperienceType = (typeof EXPERIENCE_TYPES)[number];

/**
 * An event's lifecycle (issue 18): a draft is prepared in the console (its codes open no album, it
 * is in no calendar), published is open to participants, archived leaves the calendar.
 */
export const EVENT_STATUSES = ['draft', 'published', 'archived'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** decision: immediate = HD right away; delayed = HD from hd_available_from. */
export const HD_SERVING_TYPES = ['immediate', 'delayed'] as const;
export type HdServingType = (typeof HD_SERVING_TYPES)[number];

export const SHARE_TYPES = [
  'instagram',
  'facebook',
  'whatsapp',
  'twitter',
  'telegram',
  'email',
  'linkedin',
] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

/** The 13 metric types of the albums spec §9. */
export const METRIC_TYPES = [
  'media_downloaded',
  'zip_downloaded',
  'time_in_album',
  'media_viewed',
  'media_opened',
  'shared_link_opened',
  'shared_link_created',
  'banner_clicked',
  'banner_viewed',
  'anonymized_viewed',
  'lead_acquired',
  'share_with_friend_created',
  'checkin_page_opened',
] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

export const TOKEN_TYPES = ['Token', 'Bearer'] as const;
export type TokenTypeName = (typeof TOKEN_TYPES)[number];
