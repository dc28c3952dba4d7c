import type {
  AnonymizationKind,
  AnonymizationState,
  CheckinMode,
  CheckinStep,
  CounterType,
  EventStatus,
  FaceInferenceStatus,
  HdServingType,
  LayoutDirection,
  MediaType,
  PackageOrderType,
  PhotoDisplayType,
  Position,
  Resolution,
} from '@fotodrop/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { priceSheets } from './price-schema';
import { organisations, users } from './schema';

export interface BannerSettings {
  id: number;
  image_url: string;
  link_url: string | null;
  position: Position;
}
export interface PopupSettings {
  active: boolean;
  title: string | null;
  text: string | null;
}
export interface DataCollectorField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'date' | 'checkbox';
  required: boolean;
}

/**
 * A photo service (the spec's `pica_service`): one event or holiday stay of an organisation,
 * with every album setting of albums spec §3 and the check-in steps it requires.
 */
export const photoServices = pgTable(
  'photo_services',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    location: text('location'),
    coverUrl: text('cover_url'),
    experienceType: text('experience_type').$type<'event' | 'stay'>().notNull(),
    checkinMode: text('checkin_mode').$type<CheckinMode>().notNull().default('none'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** IANA time zone the event's dates and times are meant in (issue 18), e.g. "Europe/Rome". */
    timeZone: text('time_zone').notNull().default('UTC'),
    /**
     * Lifecycle (issue 18): a draft is prepared in the console and not open to participants yet;
     * archived events leave the calendar. Rows made before the console are published.
     */
    status: text('status').$type<EventStatus>().notNull().default('published'),
    showInCalendar: boolean('show_in_calendar').notNull().default(true),
    liveFrom: timestamp('live_from', { withTimezone: true }),
    liveTo: timestamp('live_to', { withTimezone: true }),
    // Album settings (albums spec §3)
    banner: jsonb('banner').$type<BannerSettings>(),
    welcomePopup: jsonb('welcome_popup')
      .$type<PopupSettings>()
      .notNull()
      .default({ active: false, title: null, text: null }),
    fixedPopup: jsonb('fixed_popup')
      .$type<PopupSettings>()
      .notNull()
      .default({ active: false, title: null, text: null }),
    isPromo: boolean('is_promo').notNull().default(false),
    isTaggingCompleted: boolean('is_tagging_completed').notNull().default(true),
    hdServingType: text('hd_serving_type').$type<HdServingType>().notNull().default('immediate'),
    shareMode: text('share_mode').$type<Resolution>().notNull().default('s'),
    zoomMode: text('zoom_mode').$type<Resolution>().notNull().default('s'),
    photoDisplayType: text('photo_display_type').$type<PhotoDisplayType>().notNull().default('p'),
    counterType: text('counter_type').$type<CounterType>().notNull().default('infinite'),
    shareWithFriends: boolean('share_with_friends').notNull().default(true),
    usePicaForYourEvent: boolean('use_pica_for_your_event').notNull().default(false),
    hdAvailableFrom: timestamp('hd_available_from', { withTimezone: true }),
    hdAvailableTo: timestamp('hd_available_to', { withTimezone: true }),
    mediaAvailableTo: timestamp('media_available_to', { withTimezone: true }),
    mediaDeleted: boolean('media_deleted').notNull().default(false),
    lastStayDeletionDate: date('last_stay_deletion_date'),
    canPurchaseDuringStay: boolean('can_purchase_during_stay').notNull().default(true),
    showPrices: boolean('show_prices').notNull().default(true),
    canSeeMedia: boolean('can_see_media').notNull().default(true),
    showAllEventPhotos: boolean('show_all_event_photos').notNull().default(false),
    /** Whole-album packages the agency sells, with their prices (none: only picks of media). */
    packagePrices: jsonb('package_prices').$type<PackagePriceRow[]>().notNull().default([]),
    // Check-in steps, asked in this order when configured (entry spec §4)
    dataCollectorFields: jsonb('data_collector_fields').$type<DataCollectorField[]>(),
    dataCollectorFormUrl: text('data_collector_form_url'),
    options: jsonb('options').$type<{ id: string; label: string }[]>(),
    stepPrivacy: text('step_privacy'),
    // Race day (issue 20): read bib numbers on ingest; let runners open their album by bib and last name.
    bibRecognition: boolean('bib_recognition').notNull().default(false),
    findByBib: boolean('find_by_bib').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('photo_services_organisation_idx').on(t.organisationId, t.startDate)],
);

/** Galleries of a photo service: a tree (sub-galleries) ordered by position. */
export const galleries = pgTable(
  'galleries',
  {
    id: serial('id').primaryKey(),
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    layout: text('layout').$type<LayoutDirection>().notNull().default('h'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('galleries_service_idx').on(t.photoServiceId, t.parentId)],
);

/**
 * An album code. `participant`/`group`/`room` codes see the media tagged with one of `tags`
 * (a bib number, a team, a room) or in one of `galleryIds`; an `event` code sees every medium.
 */
export const picacodes = pgTable(
  'picacodes',
  {
    id: serial('id').primaryKey(),
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind').$type<'participant' | 'group' | 'room' | 'event'>().notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    galleryIds: integer('gallery_ids').array().notNull().default(sql`'{}'::integer[]`),
    startOfStay: date('start_of_stay'),
    endOfStay: date('end_of_stay'),
    /** The organiser's note on the code (a room, a participant's name, a print run); issue 18. */
    label: text('label'),
    /** Whom the code was meant for, from an import. */
    email: text('email'),
    /** Set when revoked: the code opens no new album and no preview; albums made with it stay. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('picacodes_code_key').on(t.code),
    // The console lists an event's codes newest first.
    index('picacodes_service_idx').on(t.photoServiceId, t.id),
  ],
);

/** A user's album: one per user and code; `pending` while a check-in step is outstanding. */
export const checkins = pgTable(
  'checkins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    picacodeId: integer('picacode_id')
      .notNull()
      .references(() => picacodes.id, { onDelete: 'cascade' }),
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'complete'>().notNull(),
    pendingStep: text('pending_step').$type<CheckinStep>(),
    completeTokenHash: text('complete_token_hash'),
    source: text('source'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    option: text('option'),
    domain: text('domain'),
    formAnswers: jsonb('form_answers').$type<Record<string, string>>(),
    startOfStay: date('start_of_stay'),
    endOfStay: date('end_of_stay'),
    faceInferenceStatus: text('face_inference_status')
      .$type<FaceInferenceStatus>()
      .notNull()
      .default('not_started'),
    anonymizationState: text('anonymization_state').$type<AnonymizationState>().notNull().default('off'),
    anonymizationKind: text('anonymization_kind').$type<AnonymizationKind>(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkins_user_picacode_key').on(t.userId, t.picacodeId),
    index('checkins_user_idx').on(t.userId, t.createdAt),
    // The album counts' triggers find an event's or a code's albums.
    index('checkins_service_idx').on(t.photoServiceId),
    index('checkins_picacode_idx').on(t.picacodeId),
  ],
);

/** A photo or video of a photo service. Files and derivatives live in storage (media pipeline). */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    galleryId: integer('gallery_id').references(() => galleries.id, { onDelete: 'set null' }),
    type: text('type').$type<MediaType>().notNull(),
    status: text('status').$type<'processing' | 'ready' | 'failed'>().notNull().default('processing'),
    /** Tags that album codes match: bib numbers, teams, rooms. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** SHA-256 of the uploaded bytes: the same file uploaded twice to one event is one medium. */
    sha256: text('sha256'),
    originalFilename: text('original_filename'),
    /** Why processing failed, for the organiser. */
    error: text('error'),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: integer('duration_seconds'),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The member who uploaded it (issue 18: the console's "uploaded by" filter); null for seeds and imports. */
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Hidden from participants' albums by the organiser (issue 18); files and purchases stay. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * Deleted by the organiser while someone had bought it (issue 18): kept, files included, for
     * its buyers only; hidden_at is set too, so every other album leaves it out.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** A video's chosen poster second (issue 18); null: the default frame (`posterTime`). */
    posterSeconds: integer('poster_seconds'),
    /** When bib recognition last read this photo (issue 20); null: not read. */
    bibsReadAt: timestamp('bibs_read_at', { withTimezone: true }),
  },
  (t) => [
    index('media_service_gallery_idx').on(t.photoServiceId, t.galleryId, t.id),
    uniqueIndex('media_service_sha256_key').on(t.photoServiceId, t.sha256),
    // Album pages, newest first, and their counts: the order of the pages, and the columns the
    // album filters read (gallery, type, tags, the organiser's hiding), so both are answered from the index alone.
    index('media_album_order_idx')
      .on(
        t.photoServiceId,
        t.takenAt.desc().nullsLast(),
        t.id.desc(),
        t.galleryId,
        t.type,
        t.tags,
        t.hiddenAt,
      )
      .where(sql`${t.status} = 'ready'`),
    index('media_uploaded_by_idx').on(t.uploadedBy),
    index('media_tags_idx').using('gin', t.tags),
  ],
);

/** Installation-wide values every process must share, such as the media URL signing secret. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** A user's favourite media. */
export const mediaFavourites = pgTable(
  'media_favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mediaId] })],
);

/** Media a user removed from their album ("remove photo"): hidden for that user only. */
export const mediaHidden = pgTable(
  'media_hidden',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mediaId] })],
);

/** Media of an album in one gallery (null: none), and how many of them are the user's favourites. */
export interface GalleryCount {
  galleryId: number | null;
  total: number;
  photos: number;
  videos: number;
  favourites: number;
}

/**
 * An album's media counts per gallery (gallery 0: media in no gallery), kept by triggers
 * (migration 0010) whenever something they count changes: an event's media, album codes and
 * settings, a user's favourites and removed photos, an album completing. Reading an album never
 * writes: its counts are always current.
 */
export const albumGalleryCounts = pgTable(
  'album_gallery_counts',
  {
    checkinId: integer('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    galleryId: integer('gallery_id').notNull(),
    photos: integer('photos').notNull().default(0),
    videos: integer('videos').notNull().default(0),
    favourites: integer('favourites').notNull().default(0),
    /**
     * Taken from one sequence at each change (album_counts_version): an album's highest version
     * moves whenever its list of media may have changed, so a list kept for a version stays valid.
     */
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.checkinId, t.galleryId] })],
);

export interface PackagePriceRow {
  order_type: PackageOrderType;
  price: string;
  price_original: string | null;
  /** Its price before the event starts (issue 19); absent in rows stored before. */
  prepurchase_price?: string | null;
}

export interface PriceListItemRow {
  media_type: MediaType;
  qty: number | null;
  from_qty: number | null;
  to_qty: number | null;
  unit_price: string | null;
  price: string | null;
  price_original: string | null;
}

/**
 * Prices the photo agency set, VAT included, in the event currency: one list for the whole event
 * (gallery null) and optional lists for single galleries, which win over the event's.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: serial('id').primaryKey(),
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    galleryId: integer('gallery_id').references(() => galleries.id, { onDelete: 'cascade' }),
    items: jsonb('items').$type<PriceListItemRow[]>().notNull(),
    /** Seconds until the photographer expects new photos in this gallery; null when none are expected. */
    refreshTime: integer('refresh_time'),
    /** The price sheet the list was last copied from (issue 19); a copy, not a link. */
    sheetId: integer('sheet_id').references(() => priceSheets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Last change in the console (issue 19); null for lists never edited there. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('price_lists_service_gallery_key').on(t.photoServiceId, t.galleryId)],
);
