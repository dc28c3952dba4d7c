import './upload.css';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { organiserEventsQuery } from '../api/organiser-api';
import { PROCESSING_POLL_MS } from '../components/event-uploads';
import { OrganiserEventsGate } from '../components/organiser-events';
import { UploadScreen } from '../components/upload-screen';
import { ConsoleLayout } from '../console/console-layout';

/** /organiser/upload: an organiser sends photos and videos to an event and watches them arrive. */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const events = useQuery({
    ...organiserEventsQuery(),
    // the counts move while the server makes previews
    refetchInterval: (query) =>
      query.state.data?.results.some((e) => e.media_counts.processing > 0) ? PROCESSING_POLL_MS : false,
  });

  return (
    <ConsoleLayout title={t('organiser.title')}>
      <p className="page-intro">{t('organiser.intro')}</p>
      <OrganiserEventsGate events={events} notAllowed={t('organiser.not_allowed')}>
        {(results) => <UploadScreen events={results} initialSlug={search.get('event')} />}
      </OrganiserEventsGate>
    </ConsoleLayout>
  );
}
