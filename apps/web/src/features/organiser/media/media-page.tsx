import type { OrganiserMedia } from '@fotodrop/contract/api/organiser';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { galleriesInTreeOrder, galleryPaths, organiserEventsQuery } from '../api/organiser-api';
import { BackToEvent } from '../console/back-to-event';
import { ConsoleLayout } from '../console/console-layout';
import { useCurrentOrganisation } from '../console/current-organisation';
import { type MediaFilters, manageMediaQuery, mediaKeys, NO_FILTERS } from './media-api';
import { MediaDetail } from './media-detail';
import { MediaFiltersBar } from './media-filters';
import { MediaGrid } from './media-grid';
import { MediaToolbar } from './media-toolbar';
import './media.css';

/** /organiser/events/:slug/media: an event's media — filter, select, and change them in bulk. */
export function Component() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const { current } = useCurrentOrganisation();
  const events = useQuery(organiserEventsQuery());
  const event = events.data?.results.find((e) => e.slug === slug);
  return (
    <ConsoleLayout
      title={event ? t('organiser.media.title_of', { event: event.name }) : t('organiser.media.title')}
    >
      {events.isPending ? (
        <PageLoader />
      ) : events.isError ? (
        <Alert tone="error">{translateError(t, events.error)}</Alert>
      ) : !event ? (
        <Alert tone="info">{t('organiser.media.no_event')}</Alert>
      ) : (
        <>
          <BackToEvent slug={slug} name={event.name} />
          <EventMedia
            slug={slug}
            galleries={event.galleries}
            manage={current ? roleMay(current.role, 'media.manage') : false}
          />
        </>
      )}
    </ConsoleLayout>
  );
}

function EventMedia({
  slug,
  galleries,
  manage,
}: {
  slug: string;
  galleries: { id: number; name: string; parent_id: number | null }[];
  manage: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<MediaFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<OrganiserMedia | null>(null);
  const [status, setStatus] = useState('');
  const media = useQuery(manageMediaQuery(slug, filters));
  const names = galleryPaths(galleries);
  const galleryOptions = galleriesInTreeOrder(galleries).map((g) => ({
    id: g.id,
    name: names.get(g.id) ?? g.name,
  }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaKeys.list(slug) });
  const changeFilters = (next: MediaFilters) => {
    setFilters(next);
    setSelected(new Set());
  };
  const page = media.data;
  return (
    <div className="media-manage">
      <MediaFiltersBar filters={filters} galleries={galleryOptions} onChange={changeFilters} />
      {manage ? (
        <MediaToolbar
          slug={slug}
          selected={[...selected]}
          galleries={galleryOptions}
          onDone={(message) => {
            setStatus(message);
            setSelected(new Set());
            void refresh();
          }}
        />
      ) : (
        <p className="page-intro">{t('organiser.media.read_only')}</p>
      )}
      <p className="media-status" aria-live="polite">
        {status}
      </p>
      {media.isPending ? (
        <PageLoader />
      ) : media.isError ? (
        <Alert tone="error">{translateError(t, media.error)}</Alert>
      ) : page && page.results.length === 0 ? (
        <Alert tone="info">{t('organiser.media.empty')}</Alert>
      ) : page ? (
        <>
          <MediaGrid
            media={page.results}
            selectable={manage}
            selected={selected}
            onSelect={setSelected}
            onOpen={setOpen}
            galleryName={(id) => (id === null ? t('organiser.media.event_itself') : (names.get(id) ?? ''))}
          />
          <nav className="media-pages" aria-label={t('organiser.media.pages')}>
            <Button
              variant="secondary"
              size="sm"
              disabled={filters.page <= 1}
              onClick={() => changeFilters({ ...filters, page: filters.page - 1 })}
            >
              {t('organiser.media.previous')}
            </Button>
            <span>
              {t('organiser.media.page_of', {
                page: page.pagination.page_number,
                pages: Math.max(1, page.pagination.num_pages),
                total: page.pagination.total,
              })}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page.pagination.page_number >= page.pagination.num_pages}
              onClick={() => changeFilters({ ...filters, page: filters.page + 1 })}
            >
              {t('organiser.media.next')}
            </Button>
          </nav>
        </>
      ) : null}
      {open && (
        <MediaDetail
          slug={slug}
          medium={open}
          manage={manage}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setStatus(t('organiser.media.saved'));
            void refresh();
          }}
        />
      )}
    </div>
  );
}
