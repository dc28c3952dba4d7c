import './impersonate.css';
import type { ImpersonationUser } from '@fotodrop/contract/api/impersonation';
import { IMPERSONATE_PERMISSION } from '@fotodrop/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useUser } from '../../../shared/auth/user';
import { paths } from '../../../shared/config/paths';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import {
  DEFAULT_ORDERING,
  impersonableUsersQuery,
  isOrdering,
  ORDERINGS,
  type Ordering,
} from '../api/impersonation-api';
import { UserTable } from '../components/user-table';
import { enterAs } from '../lib/switch-session';

/** How long typing pauses before the list is asked again. */
const SEARCH_DELAY_MS = 300;

/** /impersonate: staff with users.impersonate find a user and view the app as them. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('impersonation.title'));
  const user = useUser().data;
  const impersonating = useAppStore((s) => s.impersonator !== null);
  const allowed = user?.perms?.includes(IMPERSONATE_PERMISSION) === true && !impersonating;
  return (
    <section className="page container impersonation-page">
      <h1>{t('impersonation.title')}</h1>
      {!user ? (
        <PageLoader />
      ) : allowed ? (
        <>
          <p className="page-intro">{t('impersonation.intro')}</p>
          <UserFinder />
        </>
      ) : (
        <Alert tone="info">
          {t(impersonating ? 'impersonation.return_first' : 'impersonation.not_allowed')}
        </Alert>
      )}
    </section>
  );
}

function UserFinder() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const ordering: Ordering = isOrdering(params.get('ordering'))
    ? (params.get('ordering') as Ordering)
    : DEFAULT_ORDERING;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [text, setText] = useState(search);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [enterError, setEnterError] = useState<unknown>(null);
  const list = useQuery(impersonableUsersQuery({ search, ordering, page }));

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // a new search starts at its first page
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => update({ q: text.trim(), page: null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  const impersonate = async (target: ImpersonationUser) => {
    setPendingId(target.id);
    setEnterError(null);
    try {
      await enterAs(target.id);
      await navigate(paths.home.getHref());
    } catch (error) {
      setEnterError(error);
      setPendingId(null);
    }
  };

  const pagination = list.data?.pagination;
  const pageText = (p: { page_number: number; num_pages: number; total: number }) =>
    t('impersonation.page_of', { page: p.page_number, pages: p.num_pages, total: p.total });
  return (
    <>
      <div className="impersonation-controls">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-search`}>
            {t('impersonation.search')}
          </label>
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            value={text}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-sort`}>
            {t('impersonation.sort')}
          </label>
          <select
            id={`${id}-sort`}
            className="input select"
            value={ordering}
            onChange={(e) =>
              update({ ordering: e.target.value === DEFAULT_ORDERING ? null : e.target.value, page: null })
            }
          >
            {ORDERINGS.map((o) => (
              <option key={o} value={o}>
                {t(`impersonation.order.${o.startsWith('-') ? `${o.slice(1)}_desc` : `${o}_asc`}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {enterError !== null && <Alert tone="error">{translateError(t, enterError)}</Alert>}
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert tone="error" title={t('impersonation.load_failed')}>
          <p>{translateError(t, list.error)}</p>
        </Alert>
      ) : list.data.results.length === 0 ? (
        <p className="impersonation-empty">{t('impersonation.empty')}</p>
      ) : (
        <UserTable
          users={list.data.results}
          ordering={ordering}
          pendingId={pendingId}
          onImpersonate={(u) => void impersonate(u)}
          mobile={mobile}
        />
      )}
      {pagination && pagination.num_pages > 1 ? (
        <nav className="impersonation-pages" aria-label={t('impersonation.pages')}>
          <Button
            size="sm"
            variant="secondary"
            disabled={pagination.page_number <= 1}
            onClick={() => update({ page: String(pagination.page_number - 1) })}
          >
            {t('impersonation.previous')}
          </Button>
          <span className="impersonation-count" aria-live="polite">
            {pageText(pagination)}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={pagination.page_number >= pagination.num_pages}
            onClick={() => update({ page: String(pagination.page_number + 1) })}
          >
            {t('impersonation.next')}
          </Button>
        </nav>
      ) : pagination ? (
        <p className="impersonation-pages" aria-live="polite">
          {pageText(pagination)}
        </p>
      ) : null}
    </>
  );
}
