import { z } from 'zod';
import { LANGUAGES, type Language } from '../languages';
import { detectSeparator, readCsv } from './csv';

/**
 * A race's participants import (issue 20): a CSV with a header row and the columns first name,
 * last name, e-mail, bib and optionally language, as a registration system or a spreadsheet
 * exports it. Checked row by row; the import is all or nothing, so the organiser gets every
 * refused row with its reason at once. The console runs the same check before sending.
 */

export const RUNNERS_CSV_MAX_ROWS = 50_000;
/** About 200 bytes a runner, with room to spare. */
export const RUNNERS_CSV_MAX_BYTES = 20 * 1024 * 1024;
export const RUNNER_NAME_MAX_CHARS = 100;
export const RUNNER_EMAIL_MAX_CHARS = 254;

export const RUNNER_COLUMNS = ['first_name', 'last_name', 'email', 'bib', 'language'] as const;
export type RunnerColumn = (typeof RUNNER_COLUMNS)[number];
const REQUIRED: readonly RunnerColumn[] = ['first_name', 'last_name', 'email', 'bib'];

/**
 * Header spellings, compared after `csvHeaderKey` (lower case, no accents, `_`/`-`/`.` as spaces).
 * English and the product's languages. "Name", "Nome" and "Nom" alone mean different things by
 * language, so they are in FALLBACK_HEADERS.
 */
const HEADERS: Readonly<Record<RunnerColumn, readonly string[]>> = {
  first_name: [
    'first name',
    'firstname',
    'given name',
    'forename',
    'vorname',
    'prenom',
    'nombre',
    'ime',
    'imie',
    'primeiro nome',
    'имя',
    "ім'я",
    'імя',
  ],
  last_name: [
    'last name',
    'lastname',
    'surname',
    'family name',
    'cognome',
    'nachname',
    'familienname',
    'nom de famille',
    'apellido',
    'apellidos',
    'sobrenome',
    'apelido',
    'priimek',
    'nazwisko',
    'фамилия',
    'прізвище',
  ],
  email: [
    'email',
    'e mail',
    'email address',
    'e mail address',
    'mail',
    'courriel',
    'correo',
    'correo electronico',
    'e posta',
    'posta elettronica',
    'adres e mail',
    'почта',
    'пошта',
  ],
  bib: [
    'bib',
    'bib number',
    'bib no',
    'race number',
    'start number',
    'pettorale',
    'startnummer',
    'dossard',
    'dorsal',
    'numero de dorsal',
    'startna stevilka',
    'numer startowy',
    'стартовый номер',
    'стартовий номер',
  ],
  language: [
    'language',
    'lang',
    'locale',
    'lingua',
    'sprache',
    'langue',
    'idioma',
    'jezik',
    'jezyk',
    'язык',
    'мова',
  ],
};

export function csvHeaderKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Headers that name a column only beside the other name column: "Nome" is the first name next to
 * Italian/Portuguese "Cognome"/"Sobrenome", "Nom" and German "Name" the last name next to
 * "Prénom"/"Vorname". Used when the unambiguous spelling of that column is absent.
 */
const FALLBACK_HEADERS: Readonly<Record<string, RunnerColumn>> = {
  nome: 'first_name',
  nom: 'last_name',
  name: 'last_name',
};

const HEADER_LOOKUP = new Map<string, RunnerColumn>(
  RUNNER_COLUMNS.flatMap((column) => HEADERS[column].map((h) => [csvHeaderKey(h), column] as const)),
);

export function runnerColumnOf(header: string): RunnerColumn | undefined {
  return HEADER_LOOKUP.get(csvHeaderKey(header));
}

/** Why a row (or, at row 1, the whole file) was refused. */
export const RUNNER_REFUSALS = [
  'file.empty',
  'file.not_utf8',
  'file.unclosed_quote',
  'file.too_many_rows',
  'file.column_missing',
  'file.column_repeated',
  'field.missing',
  'field.too_long',
  'email.invalid',
  'bib.invalid',
  'bib.not_issued',
  'bib.duplicate',
  'language.unknown',
] as const;
export type RunnerRefusalReason = (typeof RUNNER_REFUSALS)[number];

export const runnerRefusalSchema = z.object({
  /** The row as a spreadsheet shows it: the header is row 1. */
  row: z.number().int().min(1),
  reason: z.enum(RUNNER_REFUSALS),
  /** The column concerned, when one is. */
  column: z.enum(RUNNER_COLUMNS).optional(),
});
export type RunnerRefusal = z.infer<typeof runnerRefusalSchema>;

/** The import's answer: how many runners were imported (0 when any row was refused) and why not. */
export const runnersImportResultSchema = z.object({
  imported: z.number().int().min(0),
  refused: z.array(runnerRefusalSchema),
});
export type RunnersImportResult = z.infer<typeof runnersImportResultSchema>;

export interface RunnerRow {
  row: number;
  first_name: string;
  last_name: string;
  /** Trimmed, lower case. */
  email: string;
  bib: string;
  /** Null: the event's language. */
  language: Language | null;
}

export interface RunnersCsv {
  rows: RunnerRow[];
  refused: RunnerRefusal[];
}

/** What a UTF-8 decoder puts for bytes that are no UTF-8. */
const REPLACEMENT_CHARACTER = '\uFFFD';

const emailSchema = z.email().max(RUNNER_EMAIL_MAX_CHARS);

/** "de", "DE", "de-CH", "pt_BR" → the supported language, or undefined. */
function languageOf(cell: string): Language | undefined {
  const base = cell.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : undefined;
}

function fileRefusal(reason: RunnerRefusalReason, column?: RunnerColumn): RunnersCsv {
  return { rows: [], refused: [column ? { row: 1, reason, column } : { row: 1, reason }] };
}

/** Maps each known column to its index in the header; unknown headers are ignored. */
function readHeader(cells: string[]): Map<RunnerColumn, number> | RunnersCsv {
  const at = new Map<RunnerColumn, number>();
  for (const [i, cell] of cells.entries()) {
    const column = runnerColumnOf(cell);
    if (column === undefined) continue;
    if (at.has(column)) return fileRefusal('file.column_repeated', column);
    at.set(column, i);
  }
  for (const [i, cell] of cells.entries()) {
    const column = FALLBACK_HEADERS[csvHeaderKey(cell)];
    if (column !== undefined && !at.has(column)) at.set(column, i);
  }
  const missing = REQUIRED.filter((c) => !at.has(c));
  if (missing.length > 0)
    return {
      rows: [],
      refused: missing.map((column) => ({ row: 1, reason: 'file.column_missing', column })),
    };
  return at;
}

/**
 * Checks a participants CSV against the event's issued bibs. Every refused row is reported (a row
 * once, with its first problem); blank rows are skipped. An e-mail may appear on several rows (a
 * parent registering children), a bib only on one.
 */
export function checkRunnersCsv(text: string, issued: ReadonlySet<string>): RunnersCsv {
  const parsed = readCsv(text, detectSeparator(text), RUNNERS_CSV_MAX_ROWS + 1);
  if (!parsed.ok)
    return { rows: [], refused: [{ row: parsed.unclosedQuoteRow, reason: 'file.unclosed_quote' }] };
  const records = parsed.records.filter((r) => r.cells.some((c) => c.trim() !== ''));
  // decision (issue 20 audit): a file in another encoding (Excel's plain "CSV" is Windows-1252)
  // arrives decoded as UTF-8 with U+FFFD for each byte it could not read; storing that would
  // put "Jos\uFFFD M\uFFFDller" in e-mails, so the file is refused where it first happens.
  const mangled = records.find((r) => r.cells.some((c) => c.includes(REPLACEMENT_CHARACTER)));
  if (mangled) return { rows: [], refused: [{ row: mangled.row, reason: 'file.not_utf8' }] };
  const [header, ...body] = records;
  if (header === undefined) return fileRefusal('file.empty');
  if (body.length > RUNNERS_CSV_MAX_ROWS) return fileRefusal('file.too_many_rows');
  const at = readHeader(header.cells);
  if (!(at instanceof Map)) return at;
  // a right header without runners is as empty: nothing to import, and no import to record
  if (body.length === 0) return fileRefusal('file.empty');

  const rows: RunnerRow[] = [];
  const refused: RunnerRefusal[] = [];
  const bibRows = new Set<string>();
  for (const { row, cells } of body) {
    const cell = (c: RunnerColumn) => {
      const i = at.get(c);
      return i === undefined ? '' : (cells[i] ?? '').trim();
    };
    const refuse = (reason: RunnerRefusalReason, column: RunnerColumn) =>
      refused.push({ row, reason, column });
    const missing = REQUIRED.find((c) => cell(c) === '');
    if (missing) {
      refuse('field.missing', missing);
      continue;
    }
    const long = (['first_name', 'last_name'] as const).find((c) => cell(c).length > RUNNER_NAME_MAX_CHARS);
    if (long) {
      refuse('field.too_long', long);
      continue;
    }
    const email = cell('email').toLowerCase();
    if (!emailSchema.safeParse(email).success) {
      refuse('email.invalid', 'email');
      continue;
    }
    const bib = cell('bib');
    if (!/^[0-9]+$/.test(bib)) {
      refuse('bib.invalid', 'bib');
      continue;
    }
    if (!issued.has(bib)) {
      refuse('bib.not_issued', 'bib');
      continue;
    }
    if (bibRows.has(bib)) {
      refuse('bib.duplicate', 'bib');
      continue;
    }
    bibRows.add(bib);
    const languageCell = cell('language');
    const language = languageCell === '' ? null : languageOf(languageCell);
    if (language === undefined) {
      refuse('language.unknown', 'language');
      continue;
    }
    rows.push({ row, first_name: cell('first_name'), last_name: cell('last_name'), email, bib, language });
  }
  return { rows, refused };
}
