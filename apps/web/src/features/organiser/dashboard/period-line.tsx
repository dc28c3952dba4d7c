import { useTranslation } from '../../../shared/i18n/use-translation';
import type { DashboardFigures } from './dashboard-view';

/** "1 Nov 2026 – 27 Nov 2026 · Europe/Rome": the period a dashboard answered for. */
export function PeriodLine({ data }: { data: Pick<DashboardFigures, 'from' | 'to' | 'time_zone'> }) {
  const { t, language } = useTranslation();
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (d: string) => format.format(new Date(`${d}T00:00:00Z`));
  return (
    <p className="dashboard-period-line">
      {t('organiser.dashboard.period_line', { from: day(data.from), to: day(data.to), zone: data.time_zone })}
    </p>
  );
}
