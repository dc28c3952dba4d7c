import type { OrganiserEvent } from '@fotodrop/contract/api/organiser';

/** Today's calendar date where the organiser is, as the events' `YYYY-MM-DD` dates are written. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The event an organiser's page opens on (issue 17): the one running today, else the one that
 * started most recently (uploads and sales follow an event), and only when none has started the
 * one that starts first. The list's own order (newest first) put an event without photos first.
 */
export function defaultEvent<E extends Pick<OrganiserEvent, 'start_date' | 'end_date'>>(
  events: readonly E[],
  today: string = localToday(),
): E | undefined {
  const started = events.filter((e) => e.start_date <= today);
  const running = started.filter((e) => e.end_date >= today);
  const latestStart = (list: readonly E[]) =>
    list.reduce<E | undefined>((best, e) => (!best || e.start_date > best.start_date ? e : best), undefined);
  if (running.length > 0) return latestStart(running);
  if (started.length > 0) return latestStart(started);
  return events.reduce<E | undefined>(
    (best, e) => (!best || e.start_date < best.start_date ? e : best),
    undefined,
  );
}
