import type { SupportStatus } from '@fotodrop/contract/api/support';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatCalendarDate } from '../../../shared/ui/date-text';

/** Support hours (Monday to Friday) and, on weekends and holidays, when an answer comes. */
export function SupportStatusNote({ status }: { status: SupportStatus }) {
  const { t, i18n } = useTranslation();
  const day = formatCalendarDate(status.answer_by, i18n.language, 'long');
  if (status.open) {
    return (
      <p className="help-status help-status-open">
        <strong>{t('help.status.open')}</strong> {t('help.status.open_text', { date: day })}
      </p>
    );
  }
  return (
    <p className="help-status help-status-closed" role="status">
      <strong>{t(`help.status.closed_${status.closed_reason ?? 'weekend'}`)}</strong>{' '}
      {t('help.status.closed_text', { date: day })}
    </p>
  );
}
