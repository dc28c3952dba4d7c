import './orders.css';
import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import type { OrganiserOrder } from '@fotodrop/contract/api/organiser-orders';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@fotodrop/contract/enums';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { TextField } from '../../../shared/ui/text-field';
import { organisationEventsQuery } from '../api/events-api';
import { saveFile } from '../codes/codes-api';
import { ConsoleLayout } from '../console/console-layout';
import { ConsolePager } from '../console/console-pager';
import { useCurrentOrganisation } from '../console/current-organisation';
import { FilterSelect, SearchForm } from '../participants/search-form';
import { exportOrdersCsv, NO_FILTERS, type OrderFilters, ordersPageQuery } from './orders-api';
import { PrintHoldSetting } from './print-hold-setting';

/** /organiser/orders: the organisation's orders, filtered, paged, exported for accounting. */
export function Component() {
  const { t } = useTranslation();
  const { current } = useCurrentOrganisation();
  return (
    <ConsoleLayout title={t('organiser.orders.title')}>
      {current && roleMay(current.role, 'orders.read') ? (
        <OrdersList organisation={current} />
      ) : (
        <Alert tone="info">{t('organiser.orders.not_allowed')}</Alert>
      )}
    </ConsoleLayout>
  );
}

function OrdersList({ organisation }: { organisation: MyOrganisation }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const list = useQuery(ordersPageQuery(organisation.id, filters, page));
  const events = useQuery(organisationEventsQuery(organisation.id));
  const csv = useMutation({
    mutationFn: () => exportOrdersCsv(organisation.id, filters),
    onSuccess: (blob) => saveFile(blob, `orders-${organisation.id}.csv`),
  });
  const apply = (next: OrderFilters) => {
    setFilters(next);
    setPage(1);
  };
  const filtered = Object.values(filters).some((v) => v !== '');
  const pagination = list.data?.pagination;
  return (
    <section aria-labelledby="orders-list">
      <p className="page-intro">{t('organiser.orders.intro', { organisation: organisation.name })}</p>
      <SearchForm
        label={t('organiser.orders.search')}
        initial={filters.q}
        onSearch={(q) => apply({ ...filters, q })}
      >
        <FilterSelect
          label={t('organiser.orders.event')}
          value={filters.event}
          onChange={(event) => apply({ ...filters, event })}
        >
          <option value="">{t('organiser.orders.all_events')}</option>
          {events.data?.results.map((e) => (
            <option key={e.slug} value={e.slug}>
              {e.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t('organiser.orders.status')}
          value={filters.status}
          onChange={(status) => apply({ ...filters, status: status as OrderFilters['status'] })}
        >
          <option value="">{t('organiser.orders.status_placed')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.status.${s}`)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t('organiser.orders.method')}
          value={filters.payment_method}
          onChange={(m) => apply({ ...filters, payment_method: m as OrderFilters['payment_method'] })}
        >
          <option value="">{t('organiser.orders.all_methods')}</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`checkout.method.${m}`)}
            </option>
          ))}
        </FilterSelect>
        <TextField
          label={t('organiser.orders.from')}
          type="date"
          value={filters.from}
          onChange={(e) => apply({ ...filters, from: e.target.value })}
        />
        <TextField
          label={t('organiser.orders.to')}
          type="date"
          value={filters.to}
          onChange={(e) => apply({ ...filters, to: e.target.value })}
        />
      </SearchForm>
      <div className="orders-head">
        <h2 id="orders-list">
          {pagination ? t('organiser.orders.count', { count: pagination.total }) : t('organiser.orders.list')}
        </h2>
        <Button variant="secondary" loading={csv.isPending} onClick={() => csv.mutate()}>
          {t('organiser.orders.export_csv')}
        </Button>
      </div>
      {csv.isError && <Alert tone="error">{translateError(t, csv.error)}</Alert>}
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert tone="error">{translateError(t, list.error)}</Alert>
      ) : list.data.results.length === 0 ? (
        <p>{t(filtered ? 'organiser.orders.none_found' : 'organiser.orders.none')}</p>
      ) : (
        <table className="console-table" aria-busy={list.isPlaceholderData || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('organiser.orders.number')}</th>
              <th scope="col">{t('organiser.orders.date')}</th>
              <th scope="col">{t('organiser.orders.buyer')}</th>
              <th scope="col">{t('organiser.orders.event')}</th>
              <th scope="col">{t('organiser.orders.total')}</th>
              <th scope="col">{t('organiser.orders.status')}</th>
              <th scope="col">{t('organiser.orders.method')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.results.map((o) => (
              <OrderRow key={o.id} order={o} />
            ))}
          </tbody>
        </table>
      )}
      <ConsolePager pagination={pagination} label={t('organiser.orders.pages')} onPage={setPage} />
      {roleMay(organisation.role, 'selling.manage') && <PrintHoldSetting organisation={organisation} />}
    </section>
  );
}

/** A status as the console shows it: the participant's words, a held print order said so. */
export function OrderStatusText({ order }: { order: Pick<OrganiserOrder, 'status' | 'print_hold'> }) {
  const { t } = useTranslation();
  return (
    <span className={`order-status order-status-${order.status}`}>
      {t(`orders.status.${order.status}`)}
      {order.print_hold === 'held' && <span className="order-held"> · {t('organiser.orders.held')}</span>}
    </span>
  );
}

function OrderRow({ order: o }: { order: OrganiserOrder }) {
  const { t, language } = useTranslation();
  const money = (amount: string) =>
    formatMoney(decimalStringToMinor(amount, o.currency), o.currency, language);
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <tr>
      <td className="order-number">
        <Link to={paths.organiserOrder.getHref(o.id)}>
          {t('organiser.orders.order_number', { id: o.id })}
        </Link>
      </td>
      <td className="order-date" data-label={t('organiser.orders.date')}>
        {when.format(new Date(o.created_at))}
      </td>
      <td data-label={t('organiser.orders.buyer')}>
        <strong>{o.buyer_name || o.buyer_email}</strong>
        {o.buyer_name && <div className="field-hint">{o.buyer_email}</div>}
      </td>
      <td data-label={t('organiser.orders.event')}>{o.events.map((e) => e.name).join(', ') || '—'}</td>
      <td className="order-money" data-label={t('organiser.orders.total')}>
        {money(o.grand_total)}
        {decimalStringToMinor(o.refunded_total, o.currency) > 0 && (
          <div className="field-hint">
            {t('organiser.orders.refunded_amount', { amount: money(o.refunded_total) })}
          </div>
        )}
      </td>
      <td data-label={t('organiser.orders.status')}>
        <OrderStatusText order={o} />
      </td>
      <td data-label={t('organiser.orders.method')}>{t(`checkout.method.${o.payment_method}`)}</td>
    </tr>
  );
}
