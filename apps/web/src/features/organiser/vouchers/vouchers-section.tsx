import type { OrganiserVoucher } from '@fotodrop/contract/api/organiser-vouchers';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { PromoEventOption } from './event-choice';
import { UsesCell, usePagedFilters } from './promo-list';
import { PromoSection } from './promo-section';
import { eventsText, periodText } from './promo-texts';
import { VoucherForm } from './voucher-form';
import { deleteVoucher, updateVoucher, voucherKeys, vouchersPageQuery } from './vouchers-api';

type T = ReturnType<typeof useTranslation>['t'];

/** What a voucher takes off, in words: "10 %", "€5.00", "3 free photos". */
export function discountText(t: T, language: string, v: OrganiserVoucher): string {
  if (v.kind === 'percentage') return t('organiser.vouchers.percent_off', { percent: v.value });
  if (v.kind === 'free_photos') return t('organiser.vouchers.free_photos', { count: Number(v.value) });
  const currency = v.currency ?? 'EUR';
  return formatMoney(decimalStringToMinor(String(v.value), currency), currency, language);
}

function limitsText(t: T, v: OrganiserVoucher): string {
  const all =
    v.max_uses === null
      ? t('organiser.vouchers.unlimited')
      : t('organiser.vouchers.in_all', { count: v.max_uses });
  const each =
    v.max_uses_per_account === null
      ? t('organiser.vouchers.any_per_account')
      : t('organiser.vouchers.per_account', { count: v.max_uses_per_account });
  return `${all} · ${each}`;
}

/** The organisation's vouchers: filters, pages, the create / edit form, deactivate and delete. */
export function VouchersSection({
  organisationId,
  currency,
  events,
}: {
  organisationId: number;
  currency: string | null;
  events: PromoEventOption[];
}) {
  const { t, language } = useTranslation();
  const paged = usePagedFilters();
  const list = useQuery(vouchersPageQuery(organisationId, paged.filters, paged.page));
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <PromoSection<OrganiserVoucher>
      id="vouchers-list"
      title={(total) =>
        total === undefined ? t('organiser.vouchers.list') : t('organiser.vouchers.count', { count: total })
      }
      newLabel={t('organiser.vouchers.new')}
      list={list}
      paged={paged}
      states={['active', 'expired', 'deactivated']}
      empty={(filtered) => t(filtered ? 'organiser.vouchers.none_found' : 'organiser.vouchers.none')}
      pagesLabel={t('organiser.vouchers.pages')}
      columns={['code', 'discount', 'limits', 'validity', 'events', 'uses', 'status']}
      cells={(v) => (
        <>
          <td>
            <code className="vouchers-code">{v.code}</code>
          </td>
          <td data-label={t('organiser.vouchers.discount')}>{discountText(t, language, v)}</td>
          <td data-label={t('organiser.vouchers.limits')}>{limitsText(t, v)}</td>
          <td data-label={t('organiser.vouchers.validity')}>
            {periodText(t, day, v.valid_from, v.valid_to)}
          </td>
          <td data-label={t('organiser.vouchers.events')}>{eventsText(t, v.events)}</td>
          <UsesCell label={t('organiser.vouchers.uses')} paid={v.uses} open={v.held} />
          <td data-label={t('organiser.vouchers.status')}>
            <span className={`vouchers-state vouchers-state-${v.state}`}>
              {t(`organiser.vouchers.states.${v.state}`)}
            </span>
          </td>
        </>
      )}
      texts={{
        deactivated: 'organiser.vouchers.deactivated_notice',
        reactivated: 'organiser.vouchers.reactivated_notice',
        deleted: 'organiser.vouchers.deleted_notice',
        kept: 'organiser.vouchers.kept_notice',
        deleteConfirm: 'organiser.vouchers.delete_confirm',
      }}
      renderForm={(voucher, saved, cancel) => (
        <VoucherForm
          // a new form for another voucher: its values are read once
          key={voucher ? voucher.id : 'new'}
          organisationId={organisationId}
          currency={currency}
          events={events}
          voucher={voucher}
          onCancel={cancel}
          onSaved={(made) =>
            saved(
              t(voucher ? 'organiser.vouchers.saved_notice' : 'organiser.vouchers.created_notice', {
                code: made.code,
              }),
            )
          }
        />
      )}
      toggle={(v) => updateVoucher(organisationId, v.id, { active: v.state === 'deactivated' })}
      remove={(v) => deleteVoucher(organisationId, v.id)}
      invalidate={voucherKeys.vouchers(organisationId)}
    />
  );
}
