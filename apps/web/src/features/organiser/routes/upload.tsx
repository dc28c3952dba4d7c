import './upload.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { organiserEventsQuery } from '../api/organiser-api';
import { PROCESSING_POLL_MS } from '../components/event-uploads';
import { OrganiserEventsGate } from '../components/organiser-events';
import { UploadScreen } from '../components/upload-screen';

/** /organiser/upload: an organiser sends photos and videos to an event and watches them arrive. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('organiser.title'));
  const events = useQuery({
    ...organiserEventsQuery(),
    // the counts move while the server makes previews
    refetchInterval: (query) =>
      query.state.data?.results.some((e) => e.media_counts.processing > 0) ? PROCESSING_POLL_MS : false,
  });

  return (
    <section className="page container organiser-page">
      <h1>{t('organiser.title')}</h1>
      <p className="page-intro">
        {t('organiser.intro')}{' '}
        <Link to={paths.organiserMetrics.getHref()}>{t('organiser.metrics.title')}</Link>
      </p>
      <OrganiserEventsGate events={events} notAllowed={t('organiser.not_allowed')}>
        {(results) => <UploadScreen events={results} />}
      </OrganiserEventsGate>
    </section>
  );
}
