import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatCalendarDate } from '../../../shared/ui/date-text';
import { organiserEventsQuery } from '../api/organiser-api';
import { OrganiserEventsGate } from '../components/organiser-events';
import { ConsoleLayout } from '../console/console-layout';

/** /organiser: the console's home — the organisation's events with their uploads at a glance. */
export function Component() {
  const { t, language } = useTranslation();
  const events = useQuery(organiserEventsQuery());
  return (
    <ConsoleLayout title={t('organiser.console.sections.events')}>
      <OrganiserEventsGate events={events} notAllowed={t('organiser.not_allowed')}>
        {(results) => (
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('organiser.events.name')}</th>
                <th scope="col">{t('organiser.events.dates')}</th>
                <th scope="col">{t('organiser.events.media')}</th>
              </tr>
            </thead>
            <tbody>
              {results.map((event) => (
                <tr key={event.slug}>
                  <td>
                    <strong>{event.name}</strong>
                  </td>
                  <td data-label={t('organiser.events.dates')}>
                    {event.start_date === event.end_date
                      ? formatCalendarDate(event.start_date, language)
                      : `${formatCalendarDate(event.start_date, language)} – ${formatCalendarDate(event.end_date, language)}`}
                  </td>
                  <td data-label={t('organiser.events.media')}>
                    {t('organiser.events.media_counts', event.media_counts)}{' '}
                    <Link to={paths.organiserUpload.getHref()}>{t('organiser.events.upload')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </OrganiserEventsGate>
    </ConsoleLayout>
  );
}
