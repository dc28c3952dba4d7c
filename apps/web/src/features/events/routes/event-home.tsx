import './events.css';
import type { EventInfo } from '@fotodrop/contract/api/events';
import { isEventSlug } from '@fotodrop/contract/rules/event-slug';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { ButtonLink } from '../../../shared/ui/button';
import { DateRange } from '../../../shared/ui/date-text';
import { PageLoader } from '../../../shared/ui/spinner';
import { eventBySlugQuery } from '../api/events';
import { EventCodeForm } from '../components/event-code-form';

// only events that offer it show the form: its own chunk
const FindByBibForm = lazy(() =>
  import('../components/find-by-bib-form').then((m) => ({ default: m.FindByBibForm })),
);

/**
 * A slug is exactly 8 lowercase hex characters, else the page does not exist (a thrown 404 answer:
 * the route error screen says "Page not found"); logged-in users go to their albums, except on an
 * event that lets runners find their album by bib here (issue 20).
 */
export async function loader({ params }: LoaderFunctionArgs): Promise<null> {
  const slug = params.eventSlug ?? '';
  if (!isEventSlug(slug)) throw new Response(null, { status: 404 });
  if (useAppStore.getState().token) {
    const event = await queryClient.ensureQueryData(eventBySlugQuery(slug)).catch(() => null);
    if (!event?.find_by_bib) throw redirect(paths.checkins.getHref());
  }
  return null;
}

/** /e/:eventSlug — an event's home page: what, when and where, and how participants open their album. */
export function Component() {
  const { t } = useTranslation();
  const slug = useParams().eventSlug ?? '';
  const query = useQuery(eventBySlugQuery(slug));
  usePageTitle(query.data?.name ?? t('event.title'));

  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === null) {
    return (
      <section className="page page-narrow status-page">
        <h1>{t('event.not_found_title')}</h1>
        {query.isError ? (
          <Alert tone="error">{translateError(t, query.error)}</Alert>
        ) : (
          <p>{t('event.not_found_text')}</p>
        )}
        <div className="actions">
          <Link className="btn btn-primary" to={paths.home.getHref()}>
            {t('common.go_home')}
          </Link>
        </div>
      </section>
    );
  }
  return <EventHome event={query.data} />;
}

function EventHome({ event }: { event: EventInfo }) {
  const { t } = useTranslation();
  return (
    <article className="event-home" aria-labelledby="event-title">
      <header className="event-hero">
        {event.cover_url && <img className="event-cover" src={event.cover_url} alt="" />}
        <div className="container event-hero-text">
          <p className="eyebrow">{t(`experience.${event.experience_type}`)}</p>
          <h1 id="event-title">{event.name}</h1>
          <p className="event-facts">
            <DateRange start={event.start_date} end={event.end_date} />
            {event.location && (
              <>
                <span aria-hidden="true"> · </span>
                <span>{event.location}</span>
              </>
            )}
          </p>
        </div>
      </header>
      <div className="container event-body">
        {event.description && <p className="event-description">{event.description}</p>}
        {event.picacode && (
          <div className="form-card event-album">
            <h2>{t('event.album_title')}</h2>
            <p>{t('event.album_text')}</p>
            <ButtonLink
              to={paths.signup.getHref(paths.checkins.getHref({ picacode: event.picacode }))}
              size="lg"
            >
              {t('event.album_open')}
            </ButtonLink>
          </div>
        )}
        {event.find_by_bib && (
          <Suspense fallback={null}>
            <FindByBibForm slug={event.slug} />
          </Suspense>
        )}
        <EventCodeForm />
      </div>
    </article>
  );
}
