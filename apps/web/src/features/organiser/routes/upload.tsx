import './upload.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { type JoinedOrganisationState, paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { organiserEventsQuery } from '../api/organiser-api';
import { PROCESSING_POLL_MS } from '../components/event-uploads';
import { OrganiserEventsGate } from '../components/organiser-events';
import { UploadScreen } from '../components/upload-screen';

/** /organiser/upload: an organiser sends photos and videos to an event and watches them arrive. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('organiser.title'));
  // left by the invitation page after accepting
  const joined = (useLocation().state as Partial<JoinedOrganisationState> | null)?.joined;
  const events = useQuery({
    ...organiserEventsQuery(),
    // the counts move while the server makes previews
    refetchInterval: (query) =>
      query.state.data?.results.some((e) => e.media_counts.processing > 0) ? PROCESSING_POLL_MS : false,
  });

  return (
    <section className="page container organiser-page">
      <h1>{t('organiser.title')}</h1>
      {joined && (
        <Alert tone="success">
          {t('organiser.joined', {
            organisation: joined.organisation,
            role: t(`organiser.roles.${joined.role}`),
          })}
        </Alert>
      )}
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
