import type { useTranslation } from '../../../shared/i18n/use-translation';

type T = ReturnType<typeof useTranslation>['t'];

/** The events a voucher or campaign applies to, by name; none named: every event. */
export function eventsText(t: T, events: { name: string }[]): string {
  return events.length === 0 ? t('organiser.vouchers.all_events') : events.map((e) => e.name).join(', ');
}

/** A validity period in words: always, from, until, or both ends. */
export function periodText(
  t: T,
  format: Intl.DateTimeFormat,
  from: string | null,
  to: string | null,
): string {
  const at = (iso: string) => format.format(new Date(iso));
  if (from && to) return t('organiser.vouchers.period_between', { from: at(from), to: at(to) });
  if (from) return t('organiser.vouchers.period_from', { from: at(from) });
  if (to) return t('organiser.vouchers.period_until', { to: at(to) });
  return t('organiser.vouchers.period_always');
}
