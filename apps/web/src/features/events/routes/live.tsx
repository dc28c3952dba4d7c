import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';
import { leaveSite } from '../../../shared/utils/leave-site';
import { fetchLiveEvent } from '../api/events';

/** /live: the event happening now; the browser goes to its gallery, or home when there is none. */
export function Component() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  usePageTitle(t('live.title'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fetchLiveEvent(query).then(
      (event) => leaveSite.assign(event.gallery_url),
      () => navigate(paths.home.getHref(), { replace: true }),
    );
  }, [query, navigate]);

  return (
    <section className="page page-narrow status-page" aria-busy="true">
      <Spinner size="lg" />
      <h1>{t('live.title')}</h1>
      <p>{t('live.text')}</p>
    </section>
  );
}
