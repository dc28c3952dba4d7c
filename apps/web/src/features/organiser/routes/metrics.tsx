import './metrics.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { organiserEventsQuery, organiserMetricsQuery } from '../api/organiser-api';
import { EventSelect, OrganiserEventsGate } from '../components/organiser-events';
import { ConsoleLayout } from '../console/console-layout';
import { defaultEvent } from '../lib/default-event';

// the charting library is a chunk of its own, loaded by this page only
const MetricsCharts = lazy(() => import('../components/metrics-charts'));

const PERIODS = [7, 30, 90] as const;

/** /organiser/metrics: an event's views, downloads, shares and sales per day, as charts and a table. */
export function Component() {
  const { t } = useTranslation();
  const id = useId();
  const events = useQuery(organiserEventsQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const slug = chosen ?? (events.data ? defaultEvent(events.data.results)?.slug : undefined) ?? null;
  const metrics = useQuery({ ...organiserMetricsQuery(slug ?? '', days), enabled: slug !== null });

  return (
    <ConsoleLayout title={t('organiser.metrics.title')}>
      <p className="page-intro">{t('organiser.metrics.intro')}</p>
      <OrganiserEventsGate events={events} notAllowed={t('organiser.metrics.not_allowed')}>
        {(results) => (
          <>
            <div className="metrics-filters">
              <EventSelect id={`${id}-event`} events={results} value={slug ?? ''} onChange={setChosen} />
              <div className="field">
                <label className="field-label" htmlFor={`${id}-period`}>
                  {t('organiser.metrics.period')}
                </label>
                <select
                  id={`${id}-period`}
                  className="input select"
                  value={days}
                  onChange={(e) => setDays(Number(e.target.value) as (typeof PERIODS)[number])}
                >
                  {PERIODS.map((n) => (
                    <option key={n} value={n}>
                      {t('organiser.metrics.last_days', { count: n })}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {metrics.isPending ? (
              <PageLoader />
            ) : metrics.isError ? (
              <Alert tone="error">{translateError(t, metrics.error)}</Alert>
            ) : (
              <Suspense fallback={<PageLoader />}>
                {metrics.data.pending > 0 && (
                  <p className="metrics-pending" role="status">
                    {t('organiser.metrics.pending', { count: metrics.data.pending })}
                  </p>
                )}
                <MetricsCharts days={metrics.data.days} />
              </Suspense>
            )}
          </>
        )}
      </OrganiserEventsGate>
    </ConsoleLayout>
  );
}
