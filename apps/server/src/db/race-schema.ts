import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, real, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { media, photoServices, picacodes } from './album-schema';
import { at, createdAt } from './columns';
import { users } from './schema';

/*
 * Race day (issue 20): the bibs an event issued, the bibs found on each photo, and the runners an
 * organiser imported. A photo's bibs are also its `bib-<number>` tags in `media.tags`, written in
 * the same transaction, because album codes and the album counts' triggers read tags.
 */

/** The numbers an event issued (`PUT …/events/{slug}/bibs/` replaces them all). */
export const eventBibs = pgTable(
  'event_bibs',
  {
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoServiceId, t.number] })],
);

/**
 * A bib on a photo. `ocr`: read by recognition, with its confidence; `manual`: added by the
 * organiser; `removed`: read by recognition and taken off by the organiser — kept so that reading
 * the photo again does not bring it back. Only `ocr` and `manual` rows are tags and answers.
 */
export const mediaBibs = pgTable(
  'media_bibs',
  {
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    source: text('source').$type<'ocr' | 'manual' | 'removed'>().notNull(),
    confidence: real('confidence'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.number] })],
);

/** One participants import of an event, with the organiser's confirmation that runners agreed to be contacted. */
export const runnerImports = pgTable(
  'runner_imports',
  {
    id: serial('id').primaryKey(),
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    consentConfirmedAt: at('consent_confirmed_at').notNull(),
    rowCount: integer('row_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('runner_imports_service_idx').on(t.photoServiceId)],
);

/**
 * A runner of an event: one per bib. `picacodeId` is their album code (a participant code scoped
 * to the tag `bib-<bib>`); `readyNotifiedAt` is set once, when their "photos are ready" e-mail is
 * queued; `readyMailedAt` once, right after the mail server accepted it (a retried job finds it and
 * sends nothing); `optedOutAt` stops every later e-mail about their photos.
 */
export const runners = pgTable(
  'runners',
  {
    id: serial('id').primaryKey(),
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    importId: integer('import_id').references(() => runnerImports.id, { onDelete: 'set null' }),
    bib: text('bib').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** Empty: the event's language. */
    language: text('language'),
    picacodeId: integer('picacode_id').references(() => picacodes.id, { onDelete: 'set null' }),
    readyNotifiedAt: at('ready_notified_at'),
    readyMailedAt: at('ready_mailed_at'),
    optedOutAt: at('opted_out_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('runners_service_bib_key').on(t.photoServiceId, t.bib),
    // The "ready" scan walks an event's runners still to tell.
    index('runners_to_notify_idx')
      .on(t.photoServiceId, t.id)
      .where(sql`${t.readyNotifiedAt} is null and ${t.optedOutAt} is null`),
  ],
);
