import {
  PHOTOBOOK_BACK_COVER_ID,
  PHOTOBOOK_BLANK_PAGE_ID,
  PHOTOBOOK_FRONT_COVER_ID,
  PHOTOBOOK_OFFER_DAYS,
} from '../constants';

export interface PhotobookPhoto {
  id: number;
  url: string;
}

export interface PhotobookPage {
  id: number;
  kind: 'front_cover' | 'photo' | 'blank' | 'back_cover';
  url: string | null;
}

const SPECIAL_IDS = new Set([PHOTOBOOK_FRONT_COVER_ID, PHOTOBOOK_BLANK_PAGE_ID, PHOTOBOOK_BACK_COVER_ID]);

/**
 * Pages of the photobook preview: the front cover (id 0) first, the photos in order, a blank page
 * (id 88888) when the photo count is odd so pages pair up, and the back cover (id 99999) last.
 * Photos that carry one of the special ids are ignored.
 */
export function photobookPages(
  photos: readonly PhotobookPhoto[],
  covers: { front_cover_url?: string | null; back_cover_url?: string | null } = {},
): PhotobookPage[] {
  const inner: PhotobookPage[] = photos
    .filter((p) => !SPECIAL_IDS.has(p.id))
    .map((p) => ({ id: p.id, kind: 'photo', url: p.url }));
  if (inner.length % 2 === 1) inner.push({ id: PHOTOBOOK_BLANK_PAGE_ID, kind: 'blank', url: null });
  return [
    { id: PHOTOBOOK_FRONT_COVER_ID, kind: 'front_cover', url: covers.front_cover_url ?? null },
    ...inner,
    { id: PHOTOBOOK_BACK_COVER_ID, kind: 'back_cover', url: covers.back_cover_url ?? null },
  ];
}

const DAY_MS = 86_400_000;

/** The offer's end: the instant it stops, and the last calendar day (UTC) it runs, as shown. */
export interface PhotobookOfferEnd {
  at: string;
  until: string;
}

/**
 * When an album's photobook offer ends: PHOTOBOOK_OFFER_DAYS after its event (or the guest's
 * stay) ended, at 24:00 UTC, but never after the album's deletion deadline (`deadline`, an
 * instant; rules/album-deadline.ts), when its photos go. The event's deadline setting is thus the
 * per-event control; `until` is the day holding the offer's last instant.
 */
export function photobookOfferEnd(source: { end_date: string; deadline: string | null }): PhotobookOfferEnd {
  const afterEvent = Date.parse(`${source.end_date}T00:00:00Z`) + (PHOTOBOOK_OFFER_DAYS + 1) * DAY_MS;
  const deadline = source.deadline === null ? Number.POSITIVE_INFINITY : Date.parse(source.deadline);
  const end = Math.min(afterEvent, deadline);
  return { at: new Date(end).toISOString(), until: new Date(end - 1).toISOString().slice(0, 10) };
}
