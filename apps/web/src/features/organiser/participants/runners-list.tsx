import {
  type OrganiserRunner,
  organiserRunnerEndpoints as r,
} from '@fotodrop/contract/api/organiser-runners';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callEndpoint } from '../../../shared/api/client';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { ConsolePager } from '../console/console-pager';
import { SearchForm } from './search-form';

export const RUNNERS_PAGE_SIZE = 50;

/** Every page of an event's runners: an import invalidates them all. */
export const runnersKey = (slug: string) => ['organiser', 'runners', slug] as const;

/** GET /organiser/v1/events/{slug}/participants/runners/: one page, by bib. */
export function runnersPageQuery(slug: string, search: string, page: number) {
  return queryOptions({
    queryKey: [...runnersKey(slug), search, page] as const,
    queryFn: ({ signal }) =>
      callEndpoint(r.listRunners, {
        params: { slug },
        query: { page, page_size: RUNNERS_PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The race's imported runners (issue 20), under the import: their bib, code, the photos found
 * with their bib, and where their "your photos are ready" e-mail stands.
 */
export function RunnersList({ slug }: { slug: string }) {
  const { t, language } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery(runnersPageQuery(slug, search, page));
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const count = new Intl.NumberFormat(language);
  const pagination = list.data?.pagination;
  return (
    <section aria-labelledby="runners-list" className="runners-list">
      <h2 id="runners-list">
        {pagination ? t('runners.list.count', { count: pagination.total }) : t('runners.list.title')}
      </h2>
      <SearchForm
        label={t('runners.list.search')}
        initial={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert tone="error">{translateError(t, list.error)}</Alert>
      ) : list.data.results.length === 0 ? (
        <p>{t(search ? 'runners.list.none_found' : 'runners.list.none')}</p>
      ) : (
        <table className="console-table" aria-busy={list.isPlaceholderData || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('runners.list.bib')}</th>
              <th scope="col">{t('runners.list.runner')}</th>
              <th scope="col">{t('runners.list.code')}</th>
              <th scope="col">{t('runners.list.language')}</th>
              <th scope="col">{t('runners.list.photos')}</th>
              <th scope="col">{t('runners.list.email')}</th>
              <th scope="col">{t('runners.list.imported')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.results.map((runner) => (
              <RunnerRow
                key={runner.id}
                runner={runner}
                date={(iso) => when.format(new Date(iso))}
                photos={count.format(runner.photos)}
              />
            ))}
          </tbody>
        </table>
      )}
      <ConsolePager pagination={pagination} label={t('runners.list.pages')} onPage={setPage} />
    </section>
  );
}

function RunnerRow({
  runner: r,
  date,
  photos,
}: {
  runner: OrganiserRunner;
  date: (iso: string) => string;
  photos: string;
}) {
  const { t } = useTranslation();
  // the newest fact first: an opt-out outranks a sent e-mail, which outranks a queued one
  const email = r.opted_out_at
    ? t('runners.list.opted_out', { when: date(r.opted_out_at) })
    : r.ready_sent_at
      ? t('runners.list.sent', { when: date(r.ready_sent_at) })
      : r.ready_queued_at
        ? t('runners.list.queued', { when: date(r.ready_queued_at) })
        : t('runners.list.not_yet');
  return (
    <tr>
      <td>
        <strong className="runners-bib">{r.bib}</strong>
      </td>
      <td data-label={t('runners.list.runner')}>
        <strong>
          {r.first_name} {r.last_name}
        </strong>
        <div className="field-hint">{r.email}</div>
      </td>
      <td data-label={t('runners.list.code')}>{r.code ? <code>{r.code}</code> : '—'}</td>
      <td data-label={t('runners.list.language')}>
        {r.language ? r.language.toUpperCase() : t('runners.list.language_event')}
      </td>
      <td data-label={t('runners.list.photos')}>{photos}</td>
      <td data-label={t('runners.list.email')}>{email}</td>
      <td data-label={t('runners.list.imported')}>{date(r.imported_at)}</td>
    </tr>
  );
}
