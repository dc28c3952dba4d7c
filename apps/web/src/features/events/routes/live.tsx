import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/config/paths';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';
import { leaveSite } from '../../../shared/utils/leave-site';
import { fetchLiveEvent } from '../api/events';

type Outcome = { kind: 'loading' } | { kind: 'none' } | { kind: 'failed'; error: unknown };

/**
 * /live: the event of this site happening now; the browser goes to its gallery. The spec goes home
 * on an error; we say why on this page instead, with the way home (decision, issue 8): landing on
 * the home page without a word looked like a broken link.
 */
export function Component() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [query] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fetchLiveEvent(query).then(
      (event) => leaveSite.assign(event.gallery_url),
      (error: unknown) =>
        setOutcome(isApiError(error) && error.status === 404 ? { kind: 'none' } : { kind: 'failed', error }),
    );
  }, [query]);

  const title =
    outcome.kind === 'none'
      ? t('live.none_title')
      : outcome.kind === 'failed'
        ? t('live.failed_title')
        : t('live.title');
  usePageTitle(title);

  if (outcome.kind === 'loading') {
    return (
      <section className="page page-narrow status-page" aria-busy="true">
        <Spinner size="lg" />
        <h1>{title}</h1>
        <p>{t('live.text')}</p>
      </section>
    );
  }
  return (
    <section className="page page-narrow status-page">
      <h1>{title}</h1>
      <p>{outcome.kind === 'none' ? t('live.none_text') : translateError(t, outcome.error)}</p>
      <div className="actions">
        <Link className="btn btn-primary" to={paths.home.getHref()}>
          {t('live.home')}
        </Link>
        {config.show_calendar && (
          <Link className="btn btn-secondary" to={paths.events.getHref()}>
            {t('live.calendar')}
          </Link>
        )}
      </div>
    </section>
  );
}
