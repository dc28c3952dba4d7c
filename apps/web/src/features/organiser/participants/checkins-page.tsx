import './participants.css';
import type { OrganiserCheckin } from '@fotodrop/contract/api/organiser-participants';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { ConsoleEventPage } from '../console/console-event-page';
import { ConsolePager } from '../console/console-pager';
import { ImportRunners } from './import-runners';
import { type CheckinFilters, checkinsPageQuery } from './participants-api';
import { RunnersList } from './runners-list';
import { FilterSelect, SearchForm } from './search-form';

/**
 * /organiser/events/:slug/participants: who opened an album of the event, with which code, what
 * they answered and how far their selfie search is — what support looks up when someone writes.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <ConsoleEventPage
      title={(event) =>
        event ? t('organiser.participants.title_of', { event }) : t('organiser.participants.title')
      }
      action="orders.read"
      notAllowed={t('organiser.participants.not_allowed')}
    >
      {({ slug, role }) => (
        <>
          {(!role || roleMay(role, 'codes.manage')) && (
            <div className="runners-import-bar">
              <ImportRunners slug={slug} />
            </div>
          )}
          {(!role || roleMay(role, 'codes.read')) && <RunnersList slug={slug} />}
          <CheckinsList slug={slug} />
        </>
      )}
    </ConsoleEventPage>
  );
}

function CheckinsList({ slug }: { slug: string }) {
  const { t, language } = useTranslation();
  const [filters, setFilters] = useState<CheckinFilters>({ search: '', status: '' });
  const [page, setPage] = useState(1);
  const list = useQuery(checkinsPageQuery(slug, filters, page));
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const apply = (next: CheckinFilters) => {
    setFilters(next);
    setPage(1);
  };
  const pagination = list.data?.pagination;
  return (
    <section aria-labelledby="checkins-list">
      <h2 id="checkins-list">
        {pagination
          ? t('organiser.participants.count', { count: pagination.total })
          : t('organiser.participants.list')}
      </h2>
      <SearchForm
        label={t('organiser.participants.search')}
        initial={filters.search}
        onSearch={(search) => apply({ ...filters, search })}
      >
        <FilterSelect
          label={t('organiser.participants.status')}
          value={filters.status}
          onChange={(status) => apply({ ...filters, status: status as CheckinFilters['status'] })}
        >
          <option value="">{t('organiser.participants.status_all')}</option>
          <option value="complete">{t('organiser.participants.status_complete')}</option>
          <option value="pending">{t('organiser.participants.status_pending')}</option>
        </FilterSelect>
      </SearchForm>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert tone="error">{translateError(t, list.error)}</Alert>
      ) : list.data.results.length === 0 ? (
        <p>
          {t(
            filters.search || filters.status
              ? 'organiser.participants.none_found'
              : 'organiser.participants.none',
          )}
        </p>
      ) : (
        <table className="console-table" aria-busy={list.isPlaceholderData || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('organiser.participants.who')}</th>
              <th scope="col">{t('organiser.participants.code')}</th>
              <th scope="col">{t('organiser.participants.status')}</th>
              <th scope="col">{t('organiser.participants.selfie')}</th>
              <th scope="col">{t('organiser.participants.answers')}</th>
              <th scope="col">{t('organiser.participants.opened')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.results.map((c) => (
              <CheckinRow key={c.id} checkin={c} opened={when.format(new Date(c.created_at))} />
            ))}
          </tbody>
        </table>
      )}
      <ConsolePager pagination={pagination} label={t('organiser.participants.pages')} onPage={setPage} />
    </section>
  );
}

function CheckinRow({ checkin: c, opened }: { checkin: OrganiserCheckin; opened: string }) {
  const { t } = useTranslation();
  const name = `${c.first_name} ${c.last_name}`.trim();
  const answers = Object.entries(c.form_answers);
  return (
    <tr>
      <td>
        <strong>{name || c.email || t('organiser.participants.anonymous')}</strong>
        {name && c.email && <div className="field-hint">{c.email}</div>}
      </td>
      <td data-label={t('organiser.participants.code')}>
        <code>{c.code}</code>
        {c.code_label && <div className="field-hint">{c.code_label}</div>}
      </td>
      <td data-label={t('organiser.participants.status')}>
        {c.status === 'complete'
          ? t('organiser.participants.status_complete')
          : t('organiser.participants.status_pending')}
      </td>
      <td data-label={t('organiser.participants.selfie')}>
        {t(`organiser.participants.face.${c.face_search}`)}
      </td>
      <td data-label={t('organiser.participants.answers')}>
        {answers.length === 0 ? (
          '—'
        ) : (
          <dl className="participants-answers">
            {answers.map(([field, value]) => (
              <div key={field}>
                <dt>{field}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </td>
      <td data-label={t('organiser.participants.opened')}>{opened}</td>
    </tr>
  );
}
