import type { ConsoleEvent, EventSettingsInput, FieldErrors, LOCKABLE_SETTINGS } from '@fotodrop/contract';
import type { EventChanges } from '../../repositories/organiser-events.repository';
import type { PhotoServiceRow } from '../../repositories/photo-services.repository';

/** The console's settings object (contract names) ↔ the photo_services columns. */

type Settings = Partial<EventSettingsInput>;
export type LockableSetting = (typeof LOCKABLE_SETTINGS)[number];
export type Locks = Partial<Record<LockableSetting, string>>;

const at = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The columns a (partial) settings object changes; keys it does not carry stay undefined (unchanged). */
export function settingsToColumns(s: Settings, eventId: number | null): EventChanges {
  const changes: EventChanges = {
    name: s.name,
    experienceType: s.kind,
    description: s.description,
    location: s.location,
    coverUrl: s.cover_url,
    startDate: s.start_date,
    endDate: s.end_date,
    timeZone: s.time_zone,
    currency: s.currency,
    checkinMode: s.checkin_mode,
    status: s.status,
    showInCalendar: s.show_in_calendar,
    liveFrom: at(s.live_from),
    liveTo: at(s.live_to),
    // The album's banner carries an id (the participant DTO's); an event has one banner, so its id
    // is the event's (0 before the event exists: filled in once it has an id).
    banner: s.banner === undefined ? undefined : s.banner && { id: eventId ?? 0, ...s.banner },
    welcomePopup: s.welcome_popup,
    fixedPopup: s.fixed_popup,
    isPromo: s.is_promo,
    isTaggingCompleted: s.is_tagging_completed,
    hdServingType: s.hd_serving_type,
    shareMode: s.share_mode,
    zoomMode: s.zoom_mode,
    photoDisplayType: s.photo_display_type,
    counterType: s.counter_type,
    shareWithFriends: s.share_with_friends,
    usePicaForYourEvent: s.use_pica_for_your_event,
    hdAvailableFrom: at(s.hd_available_from),
    hdAvailableTo: at(s.hd_available_to),
    mediaAvailableTo: at(s.media_available_to),
    lastStayDeletionDate: s.last_stay_deletion_date,
    canPurchaseDuringStay: s.can_purchase_during_stay,
    showPrices: s.show_prices,
    canSeeMedia: s.can_see_media,
    showAllEventPhotos: s.show_all_event_photos,
    findByBib: s.find_by_bib,
    dataCollectorFields: s.data_collector_fields,
    dataCollectorFormUrl: s.data_collector_form_url,
    options: s.options,
    stepPrivacy: s.step_privacy,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as EventChanges;
}

/**
 * Rules between settings, checked on the event as it would be after the change (a PATCH of one
 * date is checked against the other stored one). Empty when all hold.
 */
export function crossFieldErrors(e: {
  startDate: string;
  endDate: string;
  liveFrom: Date | null;
  liveTo: Date | null;
  hdAvailableFrom: Date | null;
  hdAvailableTo: Date | null;
}): FieldErrors {
  const fields: FieldErrors = {};
  if (e.endDate < e.startDate) fields.end_date = ['end_date.before_start'];
  if (e.liveFrom && e.liveTo && e.liveTo <= e.liveFrom) fields.live_to = ['live_to.before_from'];
  if (e.hdAvailableFrom && e.hdAvailableTo && e.hdAvailableTo <= e.hdAvailableFrom) {
    fields.hd_available_to = ['hd_available_to.before_from'];
  }
  return fields;
}

export function toConsoleEvent(row: PhotoServiceRow, photographers: number[], locks: Locks): ConsoleEvent {
  return {
    id: row.id,
    organisation_id: row.organisationId,
    slug: row.slug,
    name: row.name,
    kind: row.experienceType,
    description: row.description,
    location: row.location,
    cover_url: row.coverUrl,
    start_date: row.startDate,
    end_date: row.endDate,
    time_zone: row.timeZone,
    currency: row.currency,
    checkin_mode: row.checkinMode,
    status: row.status,
    show_in_calendar: row.showInCalendar,
    live_from: iso(row.liveFrom),
    live_to: iso(row.liveTo),
    banner: row.banner,
    welcome_popup: row.welcomePopup,
    fixed_popup: row.fixedPopup,
    is_promo: row.isPromo,
    is_tagging_completed: row.isTaggingCompleted,
    hd_serving_type: row.hdServingType,
    share_mode: row.shareMode,
    zoom_mode: row.zoomMode,
    photo_display_type: row.photoDisplayType,
    counter_type: row.counterType,
    share_with_friends: row.shareWithFriends,
    use_pica_for_your_event: row.usePicaForYourEvent,
    hd_available_from: iso(row.hdAvailableFrom),
    hd_available_to: iso(row.hdAvailableTo),
    media_available_to: iso(row.mediaAvailableTo),
    media_deleted: row.mediaDeleted,
    last_stay_deletion_date: row.lastStayDeletionDate,
    can_purchase_during_stay: row.canPurchaseDuringStay,
    show_prices: row.showPrices,
    can_see_media: row.canSeeMedia,
    show_all_event_photos: row.showAllEventPhotos,
    find_by_bib: row.findByBib,
    data_collector_fields: row.dataCollectorFields,
    data_collector_form_url: row.dataCollectorFormUrl,
    options: row.options,
    step_privacy: row.stepPrivacy,
    photographer_member_ids: photographers,
    locked: Object.keys(locks) as LockableSetting[],
    locked_reasons: locks as Record<string, string>,
    created_at: row.createdAt.toISOString(),
  };
}
