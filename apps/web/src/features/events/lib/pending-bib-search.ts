import type { FindByBibBody } from '@fotodrop/contract/api/events';
import { readJson, writeItem } from '../../../shared/store/safe-storage';

/**
 * sessionStorage: a find-by-bib search typed while logged out, kept across signing up or logging
 * in so the event page can run it on return. Not in the `next` link: a last name does not belong
 * in addresses, histories and server logs. Read once, then removed.
 */
export const PENDING_BIB_SEARCH_KEY = 'bib_search';

export function savePendingBibSearch(slug: string, body: FindByBibBody): void {
  writeItem('session', PENDING_BIB_SEARCH_KEY, JSON.stringify({ slug, ...body }));
}

/** The search typed on this event's page, if any; it is removed either way. */
export function takePendingBibSearch(slug: string): FindByBibBody | null {
  const saved = readJson<FindByBibBody & { slug?: unknown }>('session', PENDING_BIB_SEARCH_KEY);
  writeItem('session', PENDING_BIB_SEARCH_KEY, null);
  if (saved?.slug !== slug || typeof saved.bib !== 'string' || typeof saved.last_name !== 'string')
    return null;
  return { bib: saved.bib, last_name: saved.last_name };
}
