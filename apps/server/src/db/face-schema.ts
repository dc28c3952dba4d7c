import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { checkins, media, photoServices } from './album-schema';
import { createdAt } from './columns';
import { users } from './schema';

/** A face box, in fractions (0–1) of the image's width and height, so it fits every derivative. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Whether a medium's faces have been found: one row per photo (or video poster) once indexing
 * ran. Progress per event is read from here; re-indexing replaces the row and its faces.
 */
export const mediaFaceScans = pgTable(
  'media_face_scans',
  {
    mediaId: integer('media_id')
      .primaryKey()
      .references(() => media.id, { onDelete: 'cascade' }),
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    status: text('status').$type<'done' | 'failed'>().notNull(),
    faceCount: integer('face_count').notNull().default(0),
    /** The engine and model that found them: a new model means re-indexing. */
    engine: text('engine').notNull(),
    error: text('error'),
    scannedAt: createdAt(),
  },
  (t) => [index('media_face_scans_service_idx').on(t.photoServiceId, t.status)],
);

/** A face found in an event photo: where it is, how sure the detector was, and its descriptor. */
export const faces = pgTable(
  'faces',
  {
    id: serial('id').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    box: jsonb('box').$type<FaceBox>().notNull(),
    /** 68 landmarks as [x, y] fractions of the image. */
    landmarks: jsonb('landmarks').$type<[number, number][]>().notNull(),
    score: real('score').notNull(),
    /** Width of the face in the original image, in pixels: small faces match unreliably. */
    sizePx: integer('size_px').notNull(),
    /** The 128-d descriptor (euclidean distance compares two faces). */
    descriptor: real('descriptor').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('faces_service_idx').on(t.photoServiceId, t.id), index('faces_media_idx').on(t.mediaId)],
);

/**
 * A selfie's descriptor, the biometric data a participant gave with their consent. The selfie
 * image itself is never stored. Deleted with the album, the account, or after the retention period.
 */
export const selfieFaces = pgTable(
  'selfie_faces',
  {
    id: serial('id').primaryKey(),
    checkinId: integer('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    descriptor: real('descriptor').array().notNull(),
    /** A second person (a child, a partner) added with their own consent. */
    additionalPerson: boolean('additional_person').notNull().default(false),
    multiPersonConsent: boolean('multi_person_consent').notNull().default(false),
    createdAt: createdAt(),
    /** When the retention period ends; a job deletes it then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('selfie_faces_checkin_idx').on(t.checkinId),
    index('selfie_faces_user_idx').on(t.userId),
    index('selfie_faces_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Decision on one medium for one album: `auto` (a clear match, shown), `ask` (the middle band,
 * shown in "Is this you?"), `confirmed` / `rejected` (the participant's answer, remembered across
 * re-matching). Only `auto` and `confirmed` put the medium in the album (the album counts'
 * triggers read this table).
 */
export type FaceMatchDecision = 'auto' | 'ask' | 'confirmed' | 'rejected';

export const faceMatches = pgTable(
  'face_matches',
  {
    checkinId: integer('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    /** The face of the photo that matched best (null once re-indexing replaced it). */
    faceId: integer('face_id').references(() => faces.id, { onDelete: 'set null' }),
    distance: real('distance').notNull(),
    decision: text('decision').$type<FaceMatchDecision>().notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.checkinId, t.mediaId] }),
    index('face_matches_media_idx').on(t.mediaId),
    index('face_matches_face_idx').on(t.faceId),
    index('face_matches_shown_idx')
      .on(t.checkinId, t.mediaId)
      .where(sql`${t.decision} in ('auto', 'confirmed')`),
  ],
);

/**
 * A derivative set of a photo with some faces blurred (anonymous mode): one per set of faces,
 * made by a job and kept until the set changes. `faceIds` sorted; `key` names the files.
 */
export const mediaBlurVariants = pgTable(
  'media_blur_variants',
  {
    id: serial('id').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    faceIds: integer('face_ids').array().notNull(),
    key: text('key').notNull(),
    status: text('status').$type<'pending' | 'ready' | 'failed'>().notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('media_blur_variants_media_key').on(t.mediaId, t.key)],
);
