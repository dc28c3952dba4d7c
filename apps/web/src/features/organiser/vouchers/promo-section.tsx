import type { Paginated } from '@fotodrop/contract/pagination';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ConsolePager } from '../console/console-pager';
import { PromoFiltersForm, PromoListBody, PromoSectionHead, PromoTableHead } from './promo-list';
import type { PromoFilters } from './vouchers-api';

/** What a voucher and a campaign have in common for their section. */
export interface Promo {
  id: number;
  code: string;
  state: string;
}

type Notice = { tone: 'success' | 'info'; text: string };

/** The i18n keys of one kind's texts (each takes `{{code}}`). */
export interface PromoTexts {
  deactivated: string;
  reactivated: string;
  deleted: string;
  /** Deleting one that orders used deactivated it instead. */
  kept: string;
  deleteConfirm: string;
}

/**
 * One list of vouchers or campaigns (issue 19): heading with the count and the "new" button, the
 * create / edit form, notices, filters, the table with edit, deactivate / reactivate and delete on
 * each row, and pages. The two kinds differ only in what is passed here.
 */
export function PromoSection<T extends Promo>({
  id,
  title,
  newLabel,
  intro,
  list,
  paged,
  states,
  empty,
  pagesLabel,
  columns,
  cells,
  texts,
  renderForm,
  toggle,
  remove,
  invalidate,
}: {
  id: string;
  /** The heading: with the number of matching ones once known. */
  title: (total: number | undefined) => string;
  newLabel: string;
  intro?: ReactNode;
  list: UseQueryResult<Paginated<T>>;
  paged: { filters: PromoFilters; setPage: (page: number) => void; apply: (next: PromoFilters) => void };
  states: readonly Exclude<PromoFilters['status'], ''>[];
  /** What an empty list says: nothing yet, or nothing matches the filters. */
  empty: (filtered: boolean) => string;
  pagesLabel: string;
  /** The columns' headings (keys under organiser.vouchers) and each row's cells for them. */
  columns: string[];
  cells: (row: T) => ReactNode;
  texts: PromoTexts;
  /** The form for a new one (null) or for `editing`; `saved` closes it with its notice. */
  renderForm: (editing: T | null, saved: (notice: string) => void, cancel: () => void) => ReactNode;
  /** Deactivates an active one, reactivates a deactivated one; answers it after the change. */
  toggle: (row: T) => Promise<T>;
  remove: (row: T) => Promise<{ outcome: 'deleted' | 'deactivated' }>;
  invalidate: readonly unknown[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // null: no form; 'new', or the one being edited
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: invalidate });
  const toggled = useMutation({
    mutationFn: toggle,
    onMutate: () => setActionError(null),
    onSuccess: (row) => {
      const key = row.state === 'deactivated' ? texts.deactivated : texts.reactivated;
      setNotice({ tone: 'success', text: t(key, { code: row.code }) });
      return refresh();
    },
    onError: setActionError,
  });
  const removed = useMutation({
    mutationFn: remove,
    onMutate: () => setActionError(null),
    onSuccess: (answer, row) => {
      setNotice(
        answer.outcome === 'deleted'
          ? { tone: 'success', text: t(texts.deleted, { code: row.code }) }
          : { tone: 'info', text: t(texts.kept, { code: row.code }) },
      );
      return refresh();
    },
    onError: setActionError,
  });
  const open = (next: T | 'new') => {
    setNotice(null);
    setEditing(next);
  };
  const pagination = list.data?.pagination;
  const { filters } = paged;

  return (
    <section aria-labelledby={id} className="vouchers-section">
      <PromoSectionHead
        id={id}
        title={title(pagination?.total)}
        newLabel={newLabel}
        onNew={editing === null ? () => open('new') : null}
      />
      {intro}
      {editing !== null &&
        renderForm(
          editing === 'new' ? null : editing,
          (text) => {
            setNotice({ tone: 'success', text });
            setEditing(null);
          },
          () => setEditing(null),
        )}
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      {actionError !== null && <Alert tone="error">{translateError(t, actionError)}</Alert>}
      <PromoFiltersForm filters={filters} states={states} onApply={paged.apply} />
      <PromoListBody list={list} empty={empty(Boolean(filters.search || filters.status))}>
        {(rows, refreshing) => (
          <table className="console-table vouchers-table" aria-busy={refreshing || undefined}>
            <PromoTableHead columns={columns} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {cells(row)}
                  <td>
                    <div className="vouchers-actions">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('organiser.vouchers.edit_code', { code: row.code })}
                        onClick={() => open(row)}
                      >
                        {t('organiser.vouchers.edit')}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t(
                          row.state === 'deactivated'
                            ? 'organiser.vouchers.reactivate_code'
                            : 'organiser.vouchers.deactivate_code',
                          { code: row.code },
                        )}
                        loading={toggled.isPending && toggled.variables?.id === row.id}
                        onClick={() => toggled.mutate(row)}
                      >
                        {t(
                          row.state === 'deactivated'
                            ? 'organiser.vouchers.reactivate'
                            : 'organiser.vouchers.deactivate',
                        )}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('organiser.vouchers.delete_code', { code: row.code })}
                        loading={removed.isPending && removed.variables?.id === row.id}
                        onClick={() => {
                          if (window.confirm(t(texts.deleteConfirm, { code: row.code }))) removed.mutate(row);
                        }}
                      >
                        {t('organiser.vouchers.delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PromoListBody>
      <ConsolePager pagination={pagination} label={pagesLabel} onPage={paged.setPage} />
    </section>
  );
}
