import { z } from 'zod';
import { endpoint } from '../endpoint';
import { LANGUAGES } from '../languages';
import { pageQuerySchema, paginated } from '../pagination';
import {
  normalizePicacode,
  PICACODE_MAX_LENGTH,
  PICACODE_MIN_LENGTH,
  picacodeSchema,
} from '../rules/picacode';
import { boolQuery, date, dateTime, id } from './common';
import { eventSlugSchema } from './events';

const tag = 'Organiser codes';

/** Codes one generate call makes at most. */
export const CODES_PER_REQUEST = 5000;
/** Cards one PDF holds at most: a bigger print run is asked for in parts (by label or date). */
export const CODE_CARDS_PER_REQUEST = 5000;
/** An import file's limits: bytes and data rows. */
export const CODE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const CODE_IMPORT_MAX_ROWS = 10_000;
/** Galleries and tags one code may name. */
export const CODE_SCOPE_MAX = 100;

const label = z.string().trim().max(200, { message: 'field.too_long' });
const codeTag = z
  .string()
  .trim()
  .min(1, { message: 'field.required' })
  .max(100, { message: 'field.too_long' });
const galleryIds = z
  .array(id)
  .max(CODE_SCOPE_MAX, { message: 'field.too_many' })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'gallery_ids.duplicate' });
const tags = z.array(codeTag).max(CODE_SCOPE_MAX, { message: 'field.too_many' });
/** An e-mail in an import row: optional, checked when present. */
export const codeEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'email.invalid' }).max(254, { message: 'email.invalid' }));

/**
 * What a code opens: the whole event (neither galleries nor tags), or the media of the given
 * galleries of this event and the media carrying any of the tags (both may be given: their union).
 */
export const CODE_SCOPES = ['event', 'galleries', 'tags', 'galleries_and_tags'] as const;
export type CodeScope = (typeof CODE_SCOPES)[number];

export const generateCodesBodySchema = z.object({
  count: z
    .number({ message: 'count.invalid' })
    .int({ message: 'count.invalid' })
    .min(1, { message: 'count.invalid' })
    .max(CODES_PER_REQUEST, { message: 'count.too_large' }),
  gallery_ids: galleryIds.optional(),
  tags: tags.optional(),
  /** The same label on every code of the batch (a room, a team, a print run). */
  label: label.optional(),
});

/** An album code as the console shows it. */
export const organiserCodeSchema = z.object({
  code: z.string(),
  label: z.string().nullable(),
  scope: z.enum(CODE_SCOPES),
  gallery_ids: z.array(id),
  tags: z.array(z.string()),
  email: z.string().nullable(),
  created_at: dateTime,
  /** Set once revoked: the code opens no new album and no preview; albums made with it stay. */
  revoked_at: dateTime.nullable(),
  /** Albums (check-ins) made with the code. */
  albums: z.number().int().min(0),
});
export type OrganiserCode = z.infer<typeof organiserCodeSchema>;

export const codesParamsSchema = z.object({ slug: eventSlugSchema });
export const codeParamsSchema = z.object({ slug: eventSlugSchema, code: picacodeSchema });

/** Filters of the list, the CSV export and the cards. */
const codeFilters = {
  /** Part of a code or of a label, case-insensitive. */
  search: z.string().trim().max(200, { message: 'field.too_long' }).optional(),
  /** Exactly this label. */
  label: z.string().trim().max(200, { message: 'field.too_long' }).optional(),
  /** `true`: only revoked codes; `false`: only codes still valid. */
  revoked: boolQuery.optional(),
  /** Codes created on or after this date (UTC). */
  created_after: z.union([dateTime, date], { message: 'date.invalid' }).optional(),
};

export const listCodesQuerySchema = pageQuerySchema(50, 500).extend({
  ...codeFilters,
  /** `csv`: the whole filtered list as a file (not paginated). */
  format: z.enum(['json', 'csv'], { message: 'format.invalid' }).default('json'),
});

export const codeCardsQuerySchema = z.object({
  ...codeFilters,
  /** A6: one card per page; A4: eight cards per sheet (two columns, four rows) to cut. */
  layout: z.enum(['a6', 'a4'], { message: 'layout.invalid' }).default('a6'),
  /** The language the cards speak; by default the one of the organisation's country, else English. */
  lang: z.enum(LANGUAGES, { message: 'language.invalid' }).optional(),
  /** Comma-separated codes (up to the cards' limit). */
  codes: z
    .string()
    .max(CODE_CARDS_PER_REQUEST * 17, { message: 'field.too_long' })
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(picacodeSchema).max(CODE_CARDS_PER_REQUEST, { message: 'field.too_many' }).optional()),
});

/**
 * One row of an import file, as written in it (all text). `code` empty: one is generated.
 * `galleries` and `tags` hold `|`-separated galleries (ids or names) and tags; both empty: the
 * whole event.
 */
export const codeImportRowSchema = z.object({
  code: z
    .string()
    .transform(normalizePicacode)
    .pipe(
      z.string().regex(new RegExp(`^(?:[A-Z0-9]{${PICACODE_MIN_LENGTH},${PICACODE_MAX_LENGTH}})?$`), {
        message: 'picacode.invalid',
      }),
    ),
  label,
  /** Gallery ids or names (a name matches case-insensitively). */
  galleries: z
    .string()
    .transform(splitList)
    .pipe(z.array(z.string().max(200)).max(CODE_SCOPE_MAX)),
  tags: z.string().transform(splitList).pipe(tags),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || codeEmailSchema.safeParse(v).success, { message: 'email.invalid' }),
});

function splitList(value: string): string[] {
  return value
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The columns an import file may have (a header row names them, in any order; `code` and one more at least). */
export const CODE_IMPORT_COLUMNS = ['code', 'label', 'galleries', 'tags', 'email'] as const;
/** The columns of the CSV export, in order. */
export const CODE_EXPORT_COLUMNS = [
  'code',
  'label',
  'scope',
  'email',
  'albums',
  'created_at',
  'revoked_at',
] as const;

/** A refused import row: its line in the file (the header is line 1) and why. */
export const importRowErrorSchema = z.object({
  line: z.number().int().min(1),
  /** The column at fault, or null for the row as a whole. */
  column: z.string().nullable(),
  /** An i18n key: `code.duplicate_in_file`, `code.taken`, `picacode.invalid`, `gallery.unknown`, `email.invalid`… */
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const codesResultsSchema = z.object({ results: z.array(organiserCodeSchema) });

export const organiserCodeEndpoints = {
  generateCodes: endpoint({
    method: 'POST',
    path: '/organiser/v1/events/{slug}/codes/',
    tag,
    access: 'user',
    status: 201,
    summary:
      `Generate 1–${CODES_PER_REQUEST} new 12-character album codes for the whole event, some of its ` +
      'galleries or some tags, with an optional label (codes.manage)',
    params: codesParamsSchema,
    body: generateCodesBodySchema,
    response: codesResultsSchema,
  }),
  listCodes: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/codes/',
    tag,
    access: 'user',
    summary:
      "The event's album codes, newest first, filtered; `format=csv` answers the whole filtered list " +
      'as a CSV file (code,label,scope,email,albums,created_at,revoked_at) (codes.read)',
    params: codesParamsSchema,
    query: listCodesQuerySchema,
    response: paginated(organiserCodeSchema),
    produces: ['application/json', 'text/csv'],
  }),
  importCodes: endpoint({
    method: 'POST',
    path: '/organiser/v1/events/{slug}/codes/import/',
    tag,
    access: 'user',
    status: 201,
    summary:
      'Import album codes from a CSV file (`text/csv`, header row; columns code, label, galleries, ' +
      `tags, email; at most ${CODE_IMPORT_MAX_ROWS} rows). All or nothing: any refused row refuses the ` +
      'file, and the 400 lists every refused row with its line and reason (codes.manage)',
    params: codesParamsSchema,
    body: z.string().max(CODE_IMPORT_MAX_BYTES, { message: 'file.too_large' }),
    bodyType: 'text/csv',
    response: codesResultsSchema,
  }),
  revokeCode: endpoint({
    method: 'DELETE',
    path: '/organiser/v1/events/{slug}/codes/{code}/',
    tag,
    access: 'user',
    summary:
      'Revoke an album code: it opens no new album and no preview any more; albums already made ' +
      'with it keep working (codes.manage)',
    params: codeParamsSchema,
    response: organiserCodeSchema,
  }),
  codeCards: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/codes/cards.pdf',
    tag,
    access: 'user',
    summary:
      'QR cards of the valid codes as a PDF: A6 one per page or eight per A4 sheet, with the ' +
      `event's branding, the code and a QR of its preview link; at most ${CODE_CARDS_PER_REQUEST} (codes.read)`,
    params: codesParamsSchema,
    query: codeCardsQuerySchema,
    response: z.unknown(),
    produces: ['application/pdf'],
  }),
};
