import { useTranslation } from '../i18n/use-translation';

/** A calendar date (YYYY-MM-DD) at UTC midnight; formatted in UTC, so the day never shifts. */
export function calendarDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

/** Today in the user's time zone as YYYY-MM-DD, comparable with calendar dates as strings. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function formatCalendarDate(
  value: string,
  language: string,
  style: 'medium' | 'long' = 'medium',
): string {
  return new Intl.DateTimeFormat(language, { dateStyle: style, timeZone: 'UTC' }).format(calendarDate(value));
}

/** A date or a date range (YYYY-MM-DD) in the current language, e.g. "12–14 May 2026". */
export function DateRange({
  start,
  end,
  className,
}: {
  start: string;
  end?: string | null;
  className?: string;
}) {
  const { language } = useTranslation();
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  if (!end || end === start) {
    return (
      <time className={className} dateTime={start}>
        {format.format(calendarDate(start))}
      </time>
    );
  }
  return <span className={className}>{format.formatRange(calendarDate(start), calendarDate(end))}</span>;
}
