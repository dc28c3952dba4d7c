import './events.css';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { consoleEventQuery } from '../api/events-api';
import { BibsPanel } from '../bibs/bibs-panel';
import { ConsoleLayout } from '../console/console-layout';
import { useCurrentOrganisation } from '../console/current-organisation';
import { EventOverview } from './event-overview';
import { EventSettings } from './event-settings';
import { GalleryEditor } from './gallery-editor';
import { PhotographersPanel } from './photographers-panel';

const TABS = ['overview', 'settings', 'galleries', 'photographers', 'bibs'] as const;
type Tab = (typeof TABS)[number];

/**
 * /organiser/events/:slug: one event — overview and lifecycle, settings, galleries, photographers,
 * and the race's bibs (issue 20).
 */
export function Component() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const event = useQuery(consoleEventQuery(slug));
  const { organisations } = useCurrentOrganisation();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : 'overview';
  const [focusTab, setFocusTab] = useState<Tab | null>(null);

  // decision (issue 18): the role is the caller's in the EVENT's organisation; platform staff
  // (no membership listed) get the editing controls and the server decides, as for every call
  const role = organisations.find((o) => o.id === event.data?.organisation_id)?.role;
  const canManage = role ? roleMay(role, 'events.manage') : true;
  const canSeeMedia = role ? roleMay(role, 'media.read') : true;
  const choose = (next: Tab) => {
    setSearch(next === 'overview' ? {} : { tab: next }, { replace: true });
    setFocusTab(next);
  };
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    if (e.key === 'ArrowRight') choose(TABS[(i + 1) % TABS.length]!);
    if (e.key === 'ArrowLeft') choose(TABS[(i + TABS.length - 1) % TABS.length]!);
  };

  return (
    <ConsoleLayout title={event.data?.name ?? t('organiser.event.title')}>
      <p>
        <Link to={paths.organiserHome.getHref()}>{t('organiser.event.back')}</Link>
      </p>
      {event.isPending ? (
        <PageLoader />
      ) : event.isError ? (
        <Alert tone="error">{translateError(t, event.error)}</Alert>
      ) : (
        <>
          {!canManage && <Alert tone="info">{t('organiser.event.read_only')}</Alert>}
          <div
            className="event-tabs"
            role="tablist"
            aria-label={t('organiser.event.tabs_label')}
            onKeyDown={onKey}
          >
            {TABS.map((key) => (
              <button
                key={key}
                type="button"
                role="tab"
                id={`tab-${key}`}
                aria-selected={tab === key}
                aria-controls={`panel-${key}`}
                tabIndex={tab === key ? 0 : -1}
                className="event-tab"
                ref={(el) => {
                  if (el && focusTab === key) {
                    el.focus();
                    setFocusTab(null);
                  }
                }}
                onClick={() => choose(key)}
              >
                {t(`organiser.event.tabs.${key}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'overview' && (
              <EventOverview
                event={event.data}
                canManage={canManage}
                canSeeMedia={canSeeMedia}
                canSeeParticipants={role ? roleMay(role, 'orders.read') : true}
                canSeeDashboard={role ? roleMay(role, 'metrics.read') : true}
              />
            )}
            {tab === 'settings' && <EventSettings event={event.data} canManage={canManage} />}
            {tab === 'galleries' && <GalleryEditor slug={event.data.slug} canManage={canManage} />}
            {tab === 'photographers' && (
              <PhotographersPanel event={event.data} canManage={canManage} role={role ?? null} />
            )}
            {tab === 'bibs' && <BibsPanel slug={event.data.slug} canManage={canManage} />}
          </div>
        </>
      )}
    </ConsoleLayout>
  );
}
