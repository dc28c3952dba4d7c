import './events.css';
import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { organisationEventsQuery } from '../api/events-api';
import { OrganiserEventsGate } from '../components/organiser-events';
import { ConsoleLayout } from '../console/console-layout';
import { useCurrentOrganisation } from '../console/current-organisation';
import { CreateEventForm } from './create-event-form';
import { EventDates, StatusBadge } from './event-bits';

/** /organiser: the console's home — the current organisation's events, and a new one. */
export function Component() {
  const { t } = useTranslation();
  const { current } = useCurrentOrganisation();
  return (
    <ConsoleLayout title={t('organiser.console.sections.events')}>
      {current && <EventList key={current.id} organisation={current} />}
    </ConsoleLayout>
  );
}

function EventList({ organisation }: { organisation: MyOrganisation }) {
  const { t } = useTranslation();
  const events = useQuery(organisationEventsQuery(organisation.id));
  const [creating, setCreating] = useState(false);
  const canCreate = roleMay(organisation.role, 'events.manage');
  return (
    <>
      {canCreate &&
        (creating ? (
          <CreateEventForm organisation={organisation} onCancel={() => setCreating(false)} />
        ) : (
          <p>
            <Button onClick={() => setCreating(true)}>{t('organiser.events.new')}</Button>
          </p>
        ))}
      <OrganiserEventsGate events={events} notAllowed={t('organiser.not_allowed')}>
        {(results) => (
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('organiser.events.name')}</th>
                <th scope="col">{t('organiser.events.status')}</th>
                <th scope="col">{t('organiser.events.dates')}</th>
                <th scope="col">{t('organiser.events.media')}</th>
              </tr>
            </thead>
            <tbody>
              {results.map((event) => (
                <tr key={event.slug}>
                  <td>
                    <Link className="event-link" to={paths.organiserEvent.getHref(event.slug)}>
                      {event.name}
                    </Link>
                  </td>
                  <td data-label={t('organiser.events.status')}>
                    <StatusBadge status={event.status} />
                  </td>
                  <td data-label={t('organiser.events.dates')}>
                    <EventDates start={event.start_date} end={event.end_date} />
                  </td>
                  <td data-label={t('organiser.events.media')}>
                    {t('organiser.events.media_counts', event.media_counts)}{' '}
                    <Link to={paths.organiserUpload.getHref(event.slug)}>{t('organiser.events.upload')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </OrganiserEventsGate>
    </>
  );
}
