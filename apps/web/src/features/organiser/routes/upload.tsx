import './upload.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { organiserEventsQuery } from '../api/organiser-api';
import { PROCESSING_POLL_MS } from '../components/event-uploads';
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
      {events.isPending ? (
        <PageLoader />
      ) : events.isError ? (
        <Alert tone="error">
          {isApiError(events.error) && events.error.status === 403
            ? t('organiser.not_allowed')
            : translateError(t, events.error)}
        </Alert>
      ) : events.data.results.length === 0 ? (
        <Alert tone="info">{t('organiser.no_events')}</Alert>
      ) : (
        <UploadScreen events={events.data.results} />
      )}
    </section>
  );
}
