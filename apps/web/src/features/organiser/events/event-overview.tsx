import type { ConsoleEvent } from '@fotodrop/contract/api/organiser-events';
import type { EventStatus } from '@fotodrop/contract/enums';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button, ButtonLink } from '../../../shared/ui/button';
import {
  eventKeys,
  eventProgressQuery,
  galleriesQuery,
  organisationEventsQuery,
  updateEvent,
} from '../api/events-api';
import { describeError, EventDates, StatusBadge } from './event-bits';
import { EventProgressPanel } from './event-progress';

/** The lifecycle moves the overview offers from each status. */
const MOVES: Record<EventStatus, { to: EventStatus; key: string }[]> = {
  draft: [
    { to: 'published', key: 'publish' },
    { to: 'archived', key: 'archive' },
  ],
  published: [
    { to: 'draft', key: 'unpublish' },
    { to: 'archived', key: 'archive' },
  ],
  archived: [
    { to: 'published', key: 'publish' },
    { to: 'draft', key: 'unpublish' },
  ],
};

/**
 * Status with its lifecycle buttons, the live progress of its uploads (for roles that see media),
 * what the event holds, and where its work is done.
 */
export function EventOverview({
  event,
  canManage,
  canSeeMedia,
  canSeeParticipants,
  canSeeDashboard,
}: {
  event: ConsoleEvent;
  canManage: boolean;
  canSeeMedia: boolean;
  /** The caller may read the event's albums (orders.read). */
  canSeeParticipants: boolean;
  /** The caller may read the event's figures (metrics.read). */
  canSeeDashboard: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const listed = useQuery(organisationEventsQuery(event.organisation_id));
  const galleries = useQuery(galleriesQuery(event.slug));
  // the live progress (same cache as the panel) keeps the counts below current while it polls
  const progress = useQuery({ ...eventProgressQuery(event.slug), enabled: canSeeMedia }).data;
  const counts = progress
    ? {
        ready: progress.media.ready,
        processing: progress.media.waiting + progress.media.processing,
        failed: progress.media.failed,
      }
    : listed.data?.results.find((e) => e.slug === event.slug)?.media_counts;
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (status: EventStatus) => updateEvent(event.slug, { status }),
    onSuccess: (saved) => {
      queryClient.setQueryData(eventKeys.event(saved.slug), saved);
      setResult({ tone: 'success', text: t(`organiser.event.status_now.${saved.status}`) });
      return queryClient.invalidateQueries({ queryKey: ['organiser', 'events'] });
    },
    onError: (error) => setResult({ tone: 'error', text: describeError(t, error) }),
  });

  return (
    <div className="event-overview">
      <section className="card console-card" aria-labelledby="overview-status">
        <h2 id="overview-status">{t('organiser.event.status_title')}</h2>
        <p className="event-status-line">
          <StatusBadge status={event.status} />
          <span>{t(`organiser.event.status_help.${event.status}`)}</span>
        </p>
        {canManage && (
          <div className="event-actions">
            {MOVES[event.status].map((move) => (
              <Button
                key={move.key}
                variant={move.key === 'publish' ? 'primary' : 'secondary'}
                loading={mutation.isPending && mutation.variables === move.to}
                disabled={mutation.isPending}
                onClick={() => {
                  if (move.key !== 'publish' && !window.confirm(t(`organiser.event.confirm_${move.key}`)))
                    return;
                  mutation.mutate(move.to);
                }}
              >
                {t(`organiser.event.${move.key}`)}
              </Button>
            ))}
          </div>
        )}
        <div aria-live="polite">{result && <Alert tone={result.tone}>{result.text}</Alert>}</div>
      </section>
      {canSeeMedia && <EventProgressPanel slug={event.slug} />}
      <section className="card console-card" aria-labelledby="overview-facts">
        <h2 id="overview-facts">{t('organiser.event.facts')}</h2>
        <dl className="event-facts">
          <dt>{t('organiser.events.dates')}</dt>
          <dd>
            <EventDates start={event.start_date} end={event.end_date} /> · {event.time_zone}
          </dd>
          <dt>{t('organiser.event.fields.kind')}</dt>
          <dd>{t(`organiser.event.choices.kind.${event.kind}`)}</dd>
          <dt>{t('organiser.event.fields.currency')}</dt>
          <dd>{event.currency}</dd>
          <dt>{t('organiser.events.media')}</dt>
          <dd>{counts ? t('organiser.events.media_counts', counts) : '–'}</dd>
          <dt>{t('organiser.event.tabs.galleries')}</dt>
          <dd>{galleries.data ? galleries.data.results.length : '–'}</dd>
          <dt>{t('organiser.event.tabs.photographers')}</dt>
          <dd>{event.photographer_member_ids.length}</dd>
        </dl>
        <div className="event-actions">
          <ButtonLink variant="secondary" to={paths.organiserUpload.getHref(event.slug)}>
            {t('organiser.event.to_upload')}
          </ButtonLink>
          <ButtonLink variant="secondary" to={paths.organiserEventCodes.getHref(event.slug)}>
            {t('organiser.event.to_codes')}
          </ButtonLink>
          <ButtonLink variant="secondary" to={paths.organiserEventMedia.getHref(event.slug)}>
            {t('organiser.event.to_media')}
          </ButtonLink>
          <ButtonLink variant="secondary" to={paths.organiserEventPrices.getHref(event.slug)}>
            {t('organiser.event.to_prices')}
          </ButtonLink>
          {canSeeParticipants && (
            <ButtonLink variant="secondary" to={paths.organiserEventParticipants.getHref(event.slug)}>
              {t('organiser.event.to_participants')}
            </ButtonLink>
          )}
          {canSeeParticipants && (
            <ButtonLink variant="secondary" to={paths.organiserEventPayments.getHref(event.slug)}>
              {t('organiser.event.to_payments')}
            </ButtonLink>
          )}
          {canSeeDashboard && (
            <ButtonLink variant="secondary" to={paths.organiserEventDashboard.getHref(event.slug)}>
              {t('organiser.event.to_dashboard')}
            </ButtonLink>
          )}
        </div>
      </section>
    </div>
  );
}
