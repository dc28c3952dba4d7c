import type { EventStatus } from '@fotodrop/contract/enums';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../shared/api/errors';
import { translateError, translateMessage } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatCalendarDate } from '../../../shared/ui/date-text';

/** An event's status in words (with a colour as a second cue, never the only one). */
export function StatusBadge({ status }: { status: EventStatus }) {
  const { t } = useTranslation();
  return <span className={`event-badge event-badge-${status}`}>{t(`organiser.event.status.${status}`)}</span>;
}

/** "1 Jun 2026" or "1 Jun 2026 – 3 Jun 2026". */
export function EventDates({ start, end }: { start: string; end: string }) {
  const { language } = useTranslation();
  return (
    <>
      {start === end
        ? formatCalendarDate(start, language)
        : `${formatCalendarDate(start, language)} – ${formatCalendarDate(end, language)}`}
    </>
  );
}

/** A failed call in words: its field messages when the server named fields, else its code's text. */
export function describeError(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    const messages = Object.values(error.fieldErrors).flat();
    if (messages.length > 0) return [...new Set(messages.map((m) => translateMessage(t, m)))].join(' ');
  }
  return translateError(t, error);
}
