import type { OrganiserVoucher } from '@fotodrop/contract/api/organiser-vouchers';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ConsolePager } from '../console/console-pager';
import type { PromoEventOption } from './event-choice';
import {
  PromoFiltersForm,
  PromoListBody,
  PromoSectionHead,
  PromoTableHead,
  UsesCell,
  usePagedFilters,
} from './promo-list';
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
  const queryClient = useQueryClient();
  const { filters, page, setPage, apply } = usePagedFilters();
  // null: no form; 'new', or the voucher being edited
  const [editing, setEditing] = useState<OrganiserVoucher | 'new' | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const list = useQuery(vouchersPageQuery(organisationId, filters, page));
  const refresh = () => queryClient.invalidateQueries({ queryKey: voucherKeys.vouchers(organisationId) });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  const toggle = useMutation({
    mutationFn: (v: OrganiserVoucher) =>
      updateVoucher(organisationId, v.id, { active: v.state === 'deactivated' }),
    onMutate: () => setActionError(null),
    onSuccess: (v) => {
      setNotice({
        tone: 'success',
        text: t(
          v.state === 'deactivated'
            ? 'organiser.vouchers.deactivated_notice'
            : 'organiser.vouchers.reactivated_notice',
          {
            code: v.code,
          },
        ),
      });
      return refresh();
    },
    onError: setActionError,
  });
  const remove = useMutation({
    mutationFn: (v: OrganiserVoucher) => deleteVoucher(organisationId, v.id),
    onMutate: () => setActionError(null),
    onSuccess: (answer, v) => {
      setNotice(
        answer.outcome === 'deleted'
          ? { tone: 'success', text: t('organiser.vouchers.deleted_notice', { code: v.code }) }
          : { tone: 'info', text: t('organiser.vouchers.kept_notice', { code: v.code }) },
      );
      return refresh();
    },
    onError: setActionError,
  });
  const pagination = list.data?.pagination;

  return (
    <section aria-labelledby="vouchers-list" className="vouchers-section">
      <PromoSectionHead
        id="vouchers-list"
        title={
          pagination
            ? t('organiser.vouchers.count', { count: pagination.total })
            : t('organiser.vouchers.list')
        }
        newLabel={t('organiser.vouchers.new')}
        onNew={
          editing === null
            ? () => {
                setNotice(null);
                setEditing('new');
              }
            : null
        }
      />
      {editing !== null && (
        <VoucherForm
          // a new form for another voucher: its values are read once
          key={editing === 'new' ? 'new' : editing.id}
          organisationId={organisationId}
          currency={currency}
          events={events}
          voucher={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setNotice({
              tone: 'success',
              text: t(
                editing === 'new' ? 'organiser.vouchers.created_notice' : 'organiser.vouchers.saved_notice',
                {
                  code: saved.code,
                },
              ),
            });
            setEditing(null);
          }}
        />
      )}
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      {actionError !== null && <Alert tone="error">{translateError(t, actionError)}</Alert>}
      <PromoFiltersForm filters={filters} states={['active', 'expired', 'deactivated']} onApply={apply} />
      <PromoListBody
        list={list}
        empty={t(
          filters.search || filters.status ? 'organiser.vouchers.none_found' : 'organiser.vouchers.none',
        )}
      >
        {(rows, refreshing) => (
          <table className="console-table vouchers-table" aria-busy={refreshing || undefined}>
            <PromoTableHead
              columns={['code', 'discount', 'limits', 'validity', 'events', 'uses', 'status']}
            />
            <tbody>
              {rows.map((v) => (
                <tr key={v.id}>
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
                  <td>
                    <div className="vouchers-actions">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('organiser.vouchers.edit_code', { code: v.code })}
                        onClick={() => {
                          setNotice(null);
                          setEditing(v);
                        }}
                      >
                        {t('organiser.vouchers.edit')}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t(
                          v.state === 'deactivated'
                            ? 'organiser.vouchers.reactivate_code'
                            : 'organiser.vouchers.deactivate_code',
                          { code: v.code },
                        )}
                        loading={toggle.isPending && toggle.variables?.id === v.id}
                        onClick={() => toggle.mutate(v)}
                      >
                        {t(
                          v.state === 'deactivated'
                            ? 'organiser.vouchers.reactivate'
                            : 'organiser.vouchers.deactivate',
                        )}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('organiser.vouchers.delete_code', { code: v.code })}
                        loading={remove.isPending && remove.variables?.id === v.id}
                        onClick={() => {
                          if (window.confirm(t('organiser.vouchers.delete_confirm', { code: v.code })))
                            remove.mutate(v);
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
      <ConsolePager pagination={pagination} label={t('organiser.vouchers.pages')} onPage={setPage} />
    </section>
  );
}
