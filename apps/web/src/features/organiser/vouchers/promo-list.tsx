import type { Paginated } from '@fotodrop/contract/pagination';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { FilterSelect, SearchForm } from '../participants/search-form';
import type { PromoFilters } from './vouchers-api';

/** What the vouchers' and the campaigns' lists share: their filters, heading, states and buttons. */

/** The filters and the page of a list; a new filter starts again at page 1. */
export function usePagedFilters() {
  const [filters, setFilters] = useState<PromoFilters>({ search: '', status: '' });
  const [page, setPage] = useState(1);
  const apply = (next: PromoFilters) => {
    setFilters(next);
    setPage(1);
  };
  return { filters, page, setPage, apply };
}

/** The list's heading (with its count once known) and the button that opens the form for a new one. */
export function PromoSectionHead({
  id,
  title,
  newLabel,
  onNew,
}: {
  id: string;
  title: string;
  newLabel: string;
  /** null while a form is open. */
  onNew: (() => void) | null;
}) {
  return (
    <div className="vouchers-head">
      <h2 id={id}>{title}</h2>
      {onNew && <Button onClick={onNew}>{newLabel}</Button>}
    </div>
  );
}

/** The search box by code and the state filter. */
export function PromoFiltersForm({
  filters,
  states,
  onApply,
}: {
  filters: PromoFilters;
  states: readonly Exclude<PromoFilters['status'], ''>[];
  onApply: (next: PromoFilters) => void;
}) {
  const { t } = useTranslation();
  return (
    <SearchForm
      label={t('organiser.vouchers.search')}
      initial={filters.search}
      onSearch={(search) => onApply({ ...filters, search })}
    >
      <FilterSelect
        label={t('organiser.vouchers.status')}
        value={filters.status}
        onChange={(status) => onApply({ ...filters, status: status as PromoFilters['status'] })}
      >
        <option value="">{t('organiser.vouchers.all')}</option>
        {states.map((s) => (
          <option key={s} value={s}>
            {t(`organiser.vouchers.states.${s}`)}
          </option>
        ))}
      </FilterSelect>
    </SearchForm>
  );
}

/** A list's loading, error and empty states; the table once there are rows. */
export function PromoListBody<T>({
  list,
  empty,
  children,
}: {
  list: UseQueryResult<Paginated<T>>;
  /** What an empty answer says (nothing yet, or nothing matches). */
  empty: string;
  children: (rows: T[], refreshing: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <Alert tone="error">{translateError(t, list.error)}</Alert>;
  if (list.data.results.length === 0) return <p>{empty}</p>;
  return children(list.data.results, list.isPlaceholderData);
}

/** A list's column headings (i18n keys under organiser.vouchers), then the actions' column. */
export function PromoTableHead({ columns }: { columns: string[] }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        {columns.map((key) => (
          <th key={key} scope="col">
            {t(`organiser.vouchers.${key}`)}
          </th>
        ))}
        <th scope="col">
          <span className="visually-hidden">{t('organiser.team.actions')}</span>
        </th>
      </tr>
    </thead>
  );
}

/** Paid orders, and under them those still waiting for their payment. */
export function UsesCell({ label, paid, open }: { label: string; paid: number; open: number }) {
  const { t } = useTranslation();
  return (
    <td data-label={label}>
      {t('organiser.vouchers.used', { count: paid })}
      {open > 0 && <div className="field-hint">{t('organiser.vouchers.held', { count: open })}</div>}
    </td>
  );
}
