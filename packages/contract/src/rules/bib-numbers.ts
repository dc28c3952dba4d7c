import { z } from 'zod';

/**
 * Race bib numbers (issue 20): the organiser's list of issued bibs, typed or pasted from a
 * spreadsheet as numbers and ranges. The console shows the problems while typing; the server
 * stores only what `parseBibList` accepts, and bib recognition keeps only numbers of that list.
 */

/** Shortest and longest bib the product reads (a race's bibs are printed 3–5 digits tall). */
export const BIB_MIN_DIGITS = 3;
export const BIB_MAX_DIGITS = 5;
/** Most numbers one event's list may name (a city marathon issues up to ~50,000). */
export const BIB_LIST_MAX = 100_000;
/** Most characters of pasted text the parser reads: a full list of 5-digit numbers with separators. */
export const BIB_INPUT_MAX_CHARS = 1_000_000;

const BIB_PATTERN = new RegExp(`^[0-9]{${BIB_MIN_DIGITS},${BIB_MAX_DIGITS}}$`);

/** A bib as stored and compared: digits only, leading zeros kept (a bib is the number as printed). */
export const bibNumberSchema = z.string().trim().regex(BIB_PATTERN, { message: 'bib.invalid' });

export function isBibNumber(value: string): boolean {
  return BIB_PATTERN.test(value);
}

/** Why a token of the pasted text was left out. */
export const BIB_PROBLEMS = ['not_a_number', 'wrong_length', 'reversed_range', 'too_many'] as const;
export type BibProblemReason = (typeof BIB_PROBLEMS)[number];
export interface BibProblem {
  /** The token as written (after joining a range's spaced dash: "1000 - 1999" → "1000-1999"). */
  token: string;
  reason: BibProblemReason;
}
export interface BibList {
  /** Unique, in numeric order ("042" before "100"; "042" before "0042"). */
  numbers: string[];
  problems: BibProblem[];
}

/** Spreadsheet cells arrive separated by tabs or newlines, typed lists by commas or semicolons. */
const SEPARATORS = /[\s,;]+/;
/** A range's dash: hyphen, en dash, em dash, minus sign; spaces on a line around it belong to it. */
const SPACED_DASH = /[ \t]*[-\u2010-\u2015\u2212][ \t]*/g;
const DIGITS = /^[0-9]+$/;

/** Numeric order, then shorter first, so the list reads as the organiser thinks of it. */
export function compareBibs(a: string, b: string): number {
  return Number(a) - Number(b) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function lengthOk(s: string): boolean {
  return s.length >= BIB_MIN_DIGITS && s.length <= BIB_MAX_DIGITS;
}

/**
 * The numbers a token names, or why it names none. A range starting with a zero ("0001-0500")
 * is written zero-padded to its start's width, so both ends must be as wide; any other range in
 * plain digits ("998-1002" is 998 … 1002).
 */
function expand(token: string): { from: number; to: number; width: number } | BibProblemReason {
  const parts = token.split('-');
  if (parts.length > 2 || !parts.every((p) => DIGITS.test(p))) return 'not_a_number';
  const [start = '', end = start] = parts;
  if (!lengthOk(start) || !lengthOk(end)) return 'wrong_length';
  const padded = start.startsWith('0') || end.startsWith('0');
  if (padded && start.length !== end.length) return 'wrong_length';
  const from = Number(start);
  const to = Number(end);
  if (to < from) return 'reversed_range';
  return { from, to, width: padded ? start.length : 0 };
}

/**
 * Reads an issued-bib list. Tokens are separated by whitespace, commas or semicolons; a token is
 * a number or a range "from-to" (any dash). Each refused token is reported and the rest kept.
 * The cap counts numbers as written, repeats included, so the work stays bounded whatever is
 * pasted: the token that would pass BIB_LIST_MAX is refused whole (`too_many`), later ones too.
 */
export function parseBibList(input: string): BibList {
  const text = input.slice(0, BIB_INPUT_MAX_CHARS).replace(SPACED_DASH, '-');
  const tokens = text.split(SEPARATORS).filter((t) => t !== '');
  const seen = new Set<string>();
  const problems: BibProblem[] = [];
  let written = 0;
  for (const token of tokens) {
    const range = expand(token);
    if (typeof range === 'string') {
      problems.push({ token, reason: range });
      continue;
    }
    const count = range.to - range.from + 1;
    if (written + count > BIB_LIST_MAX) {
      problems.push({ token, reason: 'too_many' });
      continue;
    }
    written += count;
    for (let n = range.from; n <= range.to; n++) seen.add(String(n).padStart(range.width, '0'));
  }
  return { numbers: [...seen].sort(compareBibs), problems };
}

/**
 * A list of bibs written back as `parseBibList` reads it, runs of consecutive numbers as ranges
 * ("1000-1999, 2500"), so a 50,000-bib list shows in a few lines. A run keeps one width when it
 * starts with a zero, as its range must.
 */
export function formatBibRanges(numbers: readonly string[]): string {
  const parts: string[] = [];
  let start: string | undefined;
  let end = '';
  for (const n of [...numbers].sort(compareBibs)) {
    const joins =
      start !== undefined &&
      Number(n) === Number(end) + 1 &&
      (start.startsWith('0') ? n.length === start.length : !n.startsWith('0'));
    if (joins) {
      end = n;
      continue;
    }
    if (start !== undefined) parts.push(start === end ? start : `${start}-${end}`);
    start = n;
    end = n;
  }
  if (start !== undefined) parts.push(start === end ? start : `${start}-${end}`);
  return parts.join(', ');
}

/** A list of bibs as the API takes it: each a bib, unique, in order (duplicates are dropped). */
export const bibListSchema = z
  .array(bibNumberSchema, { error: 'bibs.invalid' })
  .max(BIB_LIST_MAX, { message: 'bibs.too_many' })
  .transform((numbers) => [...new Set(numbers)].sort(compareBibs));

/** The media tag a bib becomes: album codes of a runner are scoped to it. */
export const BIB_TAG_PREFIX = 'bib-';
export const bibTag = (number: string): string => `${BIB_TAG_PREFIX}${number}`;
export const isBibTag = (tag: string): boolean => tag.startsWith(BIB_TAG_PREFIX);

/**
 * The bib a tag stands for, or null: only `bib-` and a valid bib number is a photo's bib. Other
 * `bib-…` tags (written by hand before issue 20) stay plain tags.
 */
export function bibOfTag(tag: string): string | null {
  const number = tag.slice(BIB_TAG_PREFIX.length);
  return tag.startsWith(BIB_TAG_PREFIX) && isBibNumber(number) ? number : null;
}
