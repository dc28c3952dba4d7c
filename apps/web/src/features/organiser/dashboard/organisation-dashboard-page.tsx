import './dashboard.css';
import type { DashboardEventRow } from '@fotodrop/contract/api/organiser-dashboard';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { formatMoney } from '@fotodrop/contract/rules/currency';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { ConsoleLayout } from '../console/console-layout';
import { useCurrentOrganisation } from '../console/current-organisation';
import { type DashboardPeriod, organisationDashboardQuery } from './dashboard-api';
import { DashboardView } from './dashboard-view';
import { PeriodLine } from './period-line';
import { PeriodPicker } from './period-picker';

/**
 * /organiser/dashboard: the organisation's figures over all its events, with a row per event
 * leading to that event's dashboard (metrics.read: owners and managers).
 */
export function Component() {
  const { t } = useTranslation();
  const { current } = useCurrentOrganisation();
  return (
    <ConsoleLayout title={t('organiser.dashboard.title')}>
      {!current ? (
        <Alert tone="info">{t('organiser.dashboard.no_organisation')}</Alert>
      ) : !roleMay(current.role, 'metrics.read') ? (
        <Alert tone="info">{t('organiser.dashboard.not_allowed')}</Alert>
      ) : (
        <OrganisationFigures key={current.id} organisationId={current.id} />
      )}
    </ConsoleLayout>
  );
}

function OrganisationFigures({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<DashboardPeriod>({});
  const dashboard = useQuery(organisationDashboardQuery(organisationId, period));
  const zone = dashboard.data?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <>
      <p className="page-intro">{t('organiser.dashboard.intro')}</p>
      <PeriodPicker timeZone={zone} onChange={setPeriod} />
      {dashboard.isPending ? (
        <PageLoader />
      ) : dashboard.isError ? (
        <Alert tone="error">{translateError(t, dashboard.error)}</Alert>
      ) : (
        <>
          <PeriodLine data={dashboard.data} />
          <DashboardView data={dashboard.data}>
            <EventRows rows={dashboard.data.events} />
          </DashboardView>
        </>
      )}
    </>
  );
}

const ROW_FIGURES = ['checkins', 'selfies', 'views', 'downloads', 'shares', 'orders'] as const;

function EventRows({ rows }: { rows: DashboardEventRow[] }) {
  const { t, language } = useTranslation();
  const number = new Intl.NumberFormat(language);
  return (
    <section className="card dashboard-card" aria-labelledby="dashboard-events">
      <h2 id="dashboard-events">{t('organiser.dashboard.events')}</h2>
      {rows.length === 0 ? (
        <p className="dashboard-hint">{t('organiser.dashboard.events_none')}</p>
      ) : (
        <div className="dashboard-table-wrap">
          <table className="dashboard-table">
            <thead>
              <tr>
                <th scope="col">{t('organiser.dashboard.event')}</th>
                {ROW_FIGURES.map((f) => (
                  <th key={f} scope="col">
                    {t(`organiser.dashboard.figures.${f}`)}
                  </th>
                ))}
                <th scope="col">{t('organiser.dashboard.figures.revenue')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <Link to={paths.organiserEventDashboard.getHref(r.slug)}>{r.name}</Link>
                  </th>
                  {ROW_FIGURES.map((f) => (
                    <td key={f}>{number.format(r[f])}</td>
                  ))}
                  <td>{formatMoney(r.revenue, r.currency, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
