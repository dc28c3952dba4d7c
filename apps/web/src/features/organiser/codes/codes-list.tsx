import type { OrganiserCode } from '@fotodrop/contract/api/organiser-codes';
import type { ConsoleGallery } from '@fotodrop/contract/api/organiser-events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { PageLoader } from '../../../shared/ui/spinner';
import { TextField } from '../../../shared/ui/text-field';
import { ConsolePager } from '../console/console-pager';
import { type CodeFilters, codesKeys, codesPageQuery, revokeCode } from './codes-api';
import { CodesDownloads } from './codes-downloads';

/** What a code opens, in words: the whole event, its galleries by name, its tags. */
function scopeText(
  t: ReturnType<typeof useTranslation>['t'],
  code: OrganiserCode,
  names: Map<number, string>,
): string {
  const parts: string[] = [];
  if (code.gallery_ids.length > 0) {
    const list = code.gallery_ids.map((id) => names.get(id) ?? `#${id}`).join(', ');
    parts.push(t('organiser.codes.scope_galleries', { list }));
  }
  if (code.tags.length > 0) parts.push(t('organiser.codes.scope_tags', { list: code.tags.join(', ') }));
  return parts.length > 0 ? parts.join('; ') : t('organiser.codes.scope_choice.event');
}

/** The event's codes: search, revoked toggle, pages, revoke, and the CSV and card downloads. */
export function CodesList({
  slug,
  galleries,
  manage,
}: {
  slug: string;
  galleries: ConsoleGallery[];
  manage: boolean;
}) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<CodeFilters>({ search: '', showRevoked: false });
  const [page, setPage] = useState(1);
  const list = useQuery(codesPageQuery(slug, filters, page));
  // the day is enough in a bulk list; the CSV export has the exact times
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const names = new Map(galleries.map((g) => [g.id, g.name]));
  const [revokeError, setRevokeError] = useState<unknown>(null);
  const revoke = useMutation({
    mutationFn: (code: string) => revokeCode(slug, code),
    onMutate: () => setRevokeError(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKeys.codes(slug) }),
    onError: setRevokeError,
  });
  const applyFilters = (next: CodeFilters) => {
    setFilters(next);
    setPage(1);
  };
  const pagination = list.data?.pagination;

  return (
    <section aria-labelledby="codes-list" className="codes-list">
      <h2 id="codes-list">
        {pagination
          ? t('organiser.codes.list_count', { count: pagination.total })
          : t('organiser.codes.list')}
      </h2>
      <div className="codes-toolbar">
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom; the form is the landmark */}
        <form
          role="search"
          className="console-inline-form codes-search"
          onSubmit={(e) => {
            e.preventDefault();
            applyFilters({ ...filters, search: draft });
          }}
        >
          <TextField
            label={t('organiser.codes.search')}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            {t('organiser.codes.search_button')}
          </Button>
        </form>
        <Checkbox
          label={t('organiser.codes.show_revoked')}
          checked={filters.showRevoked}
          onChange={(e) => applyFilters({ ...filters, showRevoked: e.target.checked })}
        />
      </div>
      <CodesDownloads slug={slug} filters={filters} />
      {revokeError !== null && <Alert tone="error">{translateError(t, revokeError)}</Alert>}
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert tone="error">{translateError(t, list.error)}</Alert>
      ) : list.data.results.length === 0 ? (
        <p>{t(filters.search ? 'organiser.codes.none_found' : 'organiser.codes.none')}</p>
      ) : (
        <table className="console-table codes-table" aria-busy={list.isPlaceholderData || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('organiser.codes.code')}</th>
              <th scope="col">{t('organiser.codes.label')}</th>
              <th scope="col">{t('organiser.codes.scope')}</th>
              <th scope="col">{t('organiser.codes.albums')}</th>
              <th scope="col">{t('organiser.codes.created')}</th>
              <th scope="col">{t('organiser.codes.status')}</th>
              {manage && (
                <th scope="col">
                  <span className="visually-hidden">{t('organiser.team.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {list.data.results.map((code) => (
              <tr key={code.code}>
                <td>
                  <code className="codes-code">{code.code}</code>
                  {code.email && <div className="field-hint">{code.email}</div>}
                </td>
                <td data-label={t('organiser.codes.label')}>{code.label ?? '—'}</td>
                <td data-label={t('organiser.codes.scope')}>{scopeText(t, code, names)}</td>
                <td data-label={t('organiser.codes.albums')}>{code.albums}</td>
                <td data-label={t('organiser.codes.created')}>{day.format(new Date(code.created_at))}</td>
                <td data-label={t('organiser.codes.status')}>
                  {code.revoked_at ? (
                    <span className="codes-revoked">
                      {t('organiser.codes.revoked_on', { date: day.format(new Date(code.revoked_at)) })}
                    </span>
                  ) : (
                    t('organiser.codes.valid')
                  )}
                </td>
                {manage && (
                  <td>
                    {!code.revoked_at && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('organiser.codes.revoke_code', { code: code.code })}
                        loading={revoke.isPending && revoke.variables === code.code}
                        onClick={() => {
                          if (window.confirm(t('organiser.codes.revoke_confirm', { code: code.code })))
                            revoke.mutate(code.code);
                        }}
                      >
                        {t('organiser.codes.revoke')}
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConsolePager pagination={pagination} label={t('organiser.codes.pages')} onPage={setPage} />
    </section>
  );
}
