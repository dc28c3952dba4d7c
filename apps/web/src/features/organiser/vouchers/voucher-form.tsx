import {
  type CreateVoucherBody,
  createVoucherBodySchema,
  FREE_PHOTOS_MAX,
  type OrganiserVoucher,
  VOUCHER_KINDS,
  type VoucherKind,
} from '@fotodrop/contract/api/organiser-vouchers';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TextField } from '../../../shared/ui/text-field';
import { EventChoice, type PromoEventOption } from './event-choice';
import { PromoForm, usePromoSave } from './promo-form';
import { bodyResolver } from './promo-resolver';
import { createVoucher, fromLocalInput, toLocalInput, updateVoucher, voucherKeys } from './vouchers-api';

interface Values {
  code: string;
  kind: VoucherKind;
  value: string;
  currency: string;
  /** Empty: unlimited. */
  max_uses: string;
  max_uses_per_account: string;
  valid_from: string;
  valid_to: string;
  events: string[];
}

const FIELDS = [
  'code',
  'kind',
  'value',
  'currency',
  'max_uses',
  'max_uses_per_account',
  'valid_from',
  'valid_to',
  'events',
] as const;

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** The form's values as the API's body: every field, so an edit sends the voucher as a whole. */
function toBody(v: Values): CreateVoucherBody {
  return {
    code: v.code,
    kind: v.kind,
    value: v.kind === 'fixed' ? v.value.trim() : Number(v.value),
    ...(v.kind === 'fixed' && v.currency.trim() ? { currency: v.currency.trim().toUpperCase() } : {}),
    max_uses: optionalNumber(v.max_uses),
    max_uses_per_account: optionalNumber(v.max_uses_per_account),
    valid_from: fromLocalInput(v.valid_from),
    valid_to: fromLocalInput(v.valid_to),
    events: v.events,
  };
}

/** Checked by the contract's schema, as the server checks it. */
const resolver = bodyResolver<Values, CreateVoucherBody>(createVoucherBodySchema, toBody, ['value']);

function initialValues(voucher: OrganiserVoucher | null, currency: string | null): Values {
  if (!voucher) {
    return {
      code: '',
      kind: 'percentage',
      value: '',
      currency: currency ?? '',
      max_uses: '',
      max_uses_per_account: '1',
      valid_from: '',
      valid_to: '',
      events: [],
    };
  }
  return {
    code: voucher.code,
    kind: voucher.kind,
    value: String(voucher.value),
    currency: voucher.currency ?? currency ?? '',
    max_uses: voucher.max_uses === null ? '' : String(voucher.max_uses),
    max_uses_per_account: voucher.max_uses_per_account === null ? '' : String(voucher.max_uses_per_account),
    valid_from: toLocalInput(voucher.valid_from),
    valid_to: toLocalInput(voucher.valid_to),
    events: voucher.events.map((e) => e.slug),
  };
}

/**
 * Creates a voucher, or edits `voucher` (sent as a whole). Orders already placed keep their
 * discount; the next checkout reads the change.
 */
export function VoucherForm({
  organisationId,
  currency,
  events,
  voucher,
  onSaved,
  onCancel,
}: {
  organisationId: number;
  /** The organisation's currency, the default of a fixed amount. */
  currency: string | null;
  events: PromoEventOption[];
  voucher: OrganiserVoucher | null;
  onSaved: (saved: OrganiserVoucher) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Values, unknown, CreateVoucherBody>({
    resolver,
    defaultValues: initialValues(voucher, currency),
  });
  const mutation = usePromoSave({
    form,
    save: (body: CreateVoucherBody) =>
      voucher ? updateVoucher(organisationId, voucher.id, body) : createVoucher(organisationId, body),
    listKey: voucherKeys.vouchers(organisationId),
    fields: FIELDS,
    onSaved,
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const valueMax = kind === 'percentage' ? 100 : kind === 'free_photos' ? FREE_PHOTOS_MAX : undefined;

  return (
    <PromoForm
      title={
        voucher
          ? t('organiser.vouchers.edit_title', { code: voucher.code })
          : t('organiser.vouchers.new_title')
      }
      error={errors.root?.server}
      onSubmit={form.handleSubmit((body) => mutation.mutate(body))}
      pending={mutation.isPending}
      submitLabel={voucher ? t('organiser.vouchers.save') : t('organiser.vouchers.create')}
      onCancel={onCancel}
    >
      <fieldset className="vouchers-choice">
        <legend className="field-label">{t('organiser.vouchers.kind')}</legend>
        {VOUCHER_KINDS.map((value) => (
          <label key={value} className="vouchers-radio">
            <input type="radio" value={value} {...form.register('kind')} />
            {t(`organiser.vouchers.kinds.${value}`)}
          </label>
        ))}
      </fieldset>
      <div className="console-inline-form">
        <TextField
          label={t('organiser.vouchers.code')}
          hint={t('organiser.vouchers.code_hint')}
          autoComplete="off"
          required
          error={errors.code?.message}
          {...form.register('code')}
        />
        <TextField
          label={t(`organiser.vouchers.value_label.${kind}`)}
          type={kind === 'fixed' ? 'text' : 'number'}
          inputMode={kind === 'fixed' ? 'decimal' : 'numeric'}
          min={1}
          max={valueMax}
          required
          error={errors.value?.message}
          {...form.register('value')}
        />
        {kind === 'fixed' && (
          <TextField
            label={t('organiser.vouchers.currency')}
            hint={t('organiser.vouchers.currency_hint')}
            maxLength={3}
            autoComplete="off"
            error={errors.currency?.message}
            {...form.register('currency')}
          />
        )}
      </div>
      <div className="console-inline-form">
        <TextField
          label={t('organiser.vouchers.max_uses')}
          hint={t('organiser.vouchers.max_uses_hint')}
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.max_uses?.message}
          {...form.register('max_uses')}
        />
        <TextField
          label={t('organiser.vouchers.max_uses_per_account')}
          hint={t('organiser.vouchers.max_uses_per_account_hint')}
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.max_uses_per_account?.message}
          {...form.register('max_uses_per_account')}
        />
      </div>
      <div className="console-inline-form">
        <TextField
          label={t('organiser.vouchers.valid_from')}
          type="datetime-local"
          error={errors.valid_from?.message}
          {...form.register('valid_from')}
        />
        <TextField
          label={t('organiser.vouchers.valid_to')}
          hint={t('organiser.vouchers.valid_hint')}
          type="datetime-local"
          error={errors.valid_to?.message}
          {...form.register('valid_to')}
        />
      </div>
      <EventChoice events={events} error={errors.events?.message} register={form.register('events')} />
    </PromoForm>
  );
}
