import './dashboard.css';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { consoleEventQuery } from '../codes/codes-api';
import { BackToEvent } from '../console/back-to-event';
import { ConsoleLayout } from '../console/console-layout';
import { useCurrentOrganisation } from '../console/current-organisation';
import { type DashboardPeriod, eventDashboardQuery } from './dashboard-api';
import { DashboardView } from './dashboard-view';
import { PeriodLine } from './period-line';
import { PeriodPicker } from './period-picker';

/**
 * /organiser/events/:slug/dashboard: how one event is doing, day by day in its time zone — who
 * came and how, what they looked at, what they bought (metrics.read: owners and managers).
 */
export function Component() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const event = useQuery(consoleEventQuery(slug));
  const { organisations } = useCurrentOrganisation();
  const title = event.data
    ? t('organiser.dashboard.title_of', { event: event.data.name })
    : t('organiser.dashboard.event_title');
  // the role in the event's own organisation (someone else the server lets read it is staff)
  const role = organisations.find((o) => o.id === event.data?.organisation_id)?.role;
  return (
    <ConsoleLayout title={title}>
      {event.isPending ? (
        <PageLoader />
      ) : event.isError ? (
        <Alert tone="error">{translateError(t, event.error)}</Alert>
      ) : role && !roleMay(role, 'metrics.read') ? (
        <Alert tone="info">{t('organiser.dashboard.not_allowed')}</Alert>
      ) : (
        <>
          <BackToEvent slug={slug} name={event.data.name} />
          <EventFigures slug={slug} timeZone={event.data.time_zone} />
        </>
      )}
    </ConsoleLayout>
  );
}

function EventFigures({ slug, timeZone }: { slug: string; timeZone: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<DashboardPeriod>({});
  const dashboard = useQuery(eventDashboardQuery(slug, period));
  return (
    <>
      <PeriodPicker timeZone={timeZone} onChange={setPeriod} />
      {dashboard.isPending ? (
        <PageLoader />
      ) : dashboard.isError ? (
        <Alert tone="error">{translateError(t, dashboard.error)}</Alert>
      ) : (
        <>
          <PeriodLine data={dashboard.data} />
          <DashboardView data={dashboard.data} />
        </>
      )}
    </>
  );
}
