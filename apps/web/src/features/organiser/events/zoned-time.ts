/**
 * The console edits an event's moments (live window, HD window, availability) as wall-clock times
 * of the EVENT's time zone, not the browser's: an organiser in Rome preparing a race in New York
 * types New York times. These convert between `datetime-local` values and ISO instants.
 */

/** Minutes the zone is ahead of UTC at the instant `utcMs`. */
function offsetMinutes(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - utcMs) / 60_000);
}

/** "2026-06-01T09:30" in `timeZone` → "2026-06-01T07:30:00.000Z"; '' → null. */
export function zonedToIso(local: string, timeZone: string): string | null {
  if (!local) return null;
  const wall = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(wall)) return local;
  let utc = wall - offsetMinutes(wall, timeZone) * 60_000;
  // across a DST change the first guess's offset can be the other side's: correct once
  const second = offsetMinutes(utc, timeZone);
  utc = wall - second * 60_000;
  return new Date(utc).toISOString();
}

/** An ISO instant → its wall-clock time in `timeZone` for a `datetime-local` input; null → ''. */
export function isoToZoned(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + offsetMinutes(ms, timeZone) * 60_000).toISOString().slice(0, 16);
}

/** The time zones this browser knows, for the time zone picker (UTC first). */
export function knownTimeZones(): string[] {
  const withSupported = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = withSupported.supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}
