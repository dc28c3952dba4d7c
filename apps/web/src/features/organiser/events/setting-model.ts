import type { ConsoleEvent } from '@fotodrop/contract/api/organiser-events';
import { updateEventBodySchema } from '@fotodrop/contract/api/organiser-events';
import { isoToZoned, zonedToIso } from './zoned-time';

export type SettingKey = keyof ConsoleEvent & keyof typeof updateEventBodySchema.shape;

/** How the console edits one setting: the input it shows, and for choices their values. */
export type FieldSpec =
  | { key: SettingKey; type: 'text' | 'textarea' | 'url' | 'date' | 'currency'; nullable?: boolean }
  | { key: SettingKey; type: 'datetime' | 'timezone' | 'checkbox' | 'banner' | 'popup' }
  | { key: SettingKey; type: 'collector' | 'options' }
  | { key: SettingKey; type: 'select'; choices: readonly string[] };

export interface BannerDraft {
  image_url: string;
  link_url: string;
  position: 't' | 'b';
}
export interface PopupDraft {
  active: boolean;
  title: string;
  text: string;
}
export type Draft = Record<string, unknown>;

/** The value an input shows for a setting (text inputs never see null). */
export function toDraft(spec: FieldSpec, event: ConsoleEvent): unknown {
  const value = event[spec.key];
  switch (spec.type) {
    case 'datetime':
      return isoToZoned(value as string | null, event.time_zone);
    case 'checkbox':
      return value;
    case 'banner': {
      const b = event.banner;
      return b ? { image_url: b.image_url, link_url: b.link_url ?? '', position: b.position } : null;
    }
    case 'popup': {
      const p = value as ConsoleEvent['welcome_popup'];
      return { active: p.active, title: p.title ?? '', text: p.text ?? '' };
    }
    case 'collector':
    case 'options':
      return structuredClone(value ?? []);
    default:
      return value ?? '';
  }
}

const orNull = (v: string) => (v.trim() === '' ? null : v);

/** The wire value of a draft, as PATCH takes it. */
export function toWire(spec: FieldSpec, draft: unknown, timeZone: string): unknown {
  switch (spec.type) {
    case 'datetime':
      return zonedToIso(draft as string, timeZone);
    case 'checkbox':
    case 'select':
    case 'timezone':
      return draft;
    case 'banner': {
      const b = draft as BannerDraft | null;
      return b ? { image_url: b.image_url, link_url: orNull(b.link_url), position: b.position } : null;
    }
    case 'popup': {
      const p = draft as PopupDraft;
      return { active: p.active, title: orNull(p.title), text: orNull(p.text) };
    }
    case 'collector':
    case 'options': {
      const items = draft as unknown[];
      return items.length === 0 ? null : items;
    }
    default:
      return spec.nullable ? orNull(draft as string) : draft;
  }
}

/** What the event holds, in the same shape as `toWire` (the banner without its id). */
function current(spec: FieldSpec, event: ConsoleEvent): unknown {
  if (spec.type === 'banner') {
    const b = event.banner;
    return b ? { image_url: b.image_url, link_url: b.link_url, position: b.position } : null;
  }
  if (spec.type === 'collector' || spec.type === 'options') {
    const items = event[spec.key] as unknown[] | null;
    return items && items.length > 0 ? items : null;
  }
  return event[spec.key];
}

/** Same instant or same value: "2026-06-01T07:30:00Z" and "…:00.000Z" are one moment. */
function same(spec: FieldSpec, a: unknown, b: unknown): boolean {
  if (spec.type === 'datetime' && typeof a === 'string' && typeof b === 'string') {
    return Date.parse(a) === Date.parse(b);
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The PATCH body of a section: only the settings the organiser changed (a locked one is never
 * sent), and the field errors the contract's schema finds in it, keyed like `welcome_popup.title`.
 */
export function sectionBody(
  specs: FieldSpec[],
  draft: Draft,
  event: ConsoleEvent,
): { body: Record<string, unknown>; errors: Record<string, string> } {
  const body: Record<string, unknown> = {};
  for (const spec of specs) {
    if ((event.locked as string[]).includes(spec.key)) continue;
    const wire = toWire(spec, draft[spec.key], event.time_zone);
    if (!same(spec, wire, current(spec, event))) body[spec.key] = wire;
  }
  const errors: Record<string, string> = {};
  const parsed = updateEventBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  return { body, errors };
}
