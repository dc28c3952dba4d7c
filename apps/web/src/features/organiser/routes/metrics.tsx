import './metrics.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { organiserEventsQuery, organiserMetricsQuery } from '../api/organiser-api';

// the charting library is a chunk of its own, loaded by this page only
const MetricsCharts = lazy(() => import('../components/metrics-charts'));

const PERIODS = [7, 30, 90] as const;

/** /organiser/metrics: an event's views, downloads, shares and sales per day, as charts and a table. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('organiser.metrics.title'));
  const id = useId();
  const events = useQuery(organiserEventsQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const slug = chosen ?? events.data?.results[0]?.slug ?? null;
  const metrics = useQuery({ ...organiserMetricsQuery(slug ?? '', days), enabled: slug !== null });

  return (
    <section className="page container organiser-page organiser-metrics">
      <h1>{t('organiser.metrics.title')}</h1>
      <p className="page-intro">
        {t('organiser.metrics.intro')}{' '}
        <Link to={paths.organiserUpload.getHref()}>{t('organiser.metrics.to_upload')}</Link>
      </p>
      {events.isPending ? (
        <PageLoader />
      ) : events.isError ? (
        <Alert tone="error">
          {isApiError(events.error) && events.error.status === 403
            ? t('organiser.metrics.not_allowed')
            : translateError(t, events.error)}
        </Alert>
      ) : events.data.results.length === 0 || slug === null ? (
        <Alert tone="info">{t('organiser.no_events')}</Alert>
      ) : (
        <>
          <div className="metrics-filters">
            <div className="field">
              <label className="field-label" htmlFor={`${id}-event`}>
                {t('organiser.target.event')}
              </label>
              <select
                id={`${id}-event`}
                className="input select"
                value={slug}
                onChange={(e) => setChosen(e.target.value)}
              >
                {events.data.results.map((e) => (
                  <option key={e.slug} value={e.slug}>
                    {e.name}
                  </option>
                ))}
              </select>
            </div>
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
    </section>
  );
}
