import './participants.css';
import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { organisationEventsQuery } from '../api/events-api';
import { ConsoleLayout } from '../console/console-layout';
import { ConsolePager } from '../console/console-pager';
import { useCurrentOrganisation } from '../console/current-organisation';
import { type SupportFilters, supportRequestsPageQuery } from './participants-api';
import { FilterSelect, SearchForm } from './search-form';
import { SupportRequestCard } from './support-request-card';

/** /organiser/support: what participants asked the organisation's support, newest first. */
export function Component() {
  const { t } = useTranslation();
  const { current } = useCurrentOrganisation();
  return (
    <ConsoleLayout title={t('organiser.support.title')}>
      {current && roleMay(current.role, 'orders.read') ? (
        <SupportRequests organisation={current} />
      ) : (
        <Alert tone="info">{t('organiser.support.not_allowed')}</Alert>
      )}
    </ConsoleLayout>
  );
}

function SupportRequests({ organisation }: { organisation: MyOrganisation }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<SupportFilters>({ search: '', event: '' });
  const [page, setPage] = useState(1);
  const list = useQuery(supportRequestsPageQuery(organisation.id, filters, page));
  const events = useQuery(organisationEventsQuery(organisation.id));
  const apply = (next: SupportFilters) => {
    setFilters(next);
    setPage(1);
  };
  const pagination = list.data?.pagination;
  return (
    <section aria-labelledby="support-requests">
      <p className="page-intro">{t('organiser.support.intro', { organisation: organisation.name })}</p>
      <h2 id="support-requests">
        {pagination ? t('organiser.support.count', { count: pagination.total }) : t('organiser.support.list')}
      </h2>
      <SearchForm
        label={t('organiser.support.search')}
        initial={filters.search}
        onSearch={(search) => apply({ ...filters, search })}
      >
        <FilterSelect
          label={t('organiser.support.event')}
          value={filters.event}
          onChange={(event) => apply({ ...filters, event })}
        >
          <option value="">{t('organiser.support.all_events')}</option>
          {events.data?.results.map((e) => (
            <option key={e.slug} value={e.slug}>
              {e.name}
            </option>
          ))}
        </FilterSelect>
      </SearchForm>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert tone="error">{translateError(t, list.error)}</Alert>
      ) : list.data.results.length === 0 ? (
        <p>
          {t(filters.search || filters.event ? 'organiser.support.none_found' : 'organiser.support.none')}
        </p>
      ) : (
        <div className="support-requests" aria-busy={list.isPlaceholderData || undefined}>
          {list.data.results.map((r) => (
            <SupportRequestCard key={r.id} organisationId={organisation.id} request={r} />
          ))}
        </div>
      )}
      <ConsolePager pagination={pagination} label={t('organiser.support.pages')} onPage={setPage} />
    </section>
  );
}
