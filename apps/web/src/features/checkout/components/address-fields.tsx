import type { Country } from '@fotodrop/contract/api/common';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FieldError } from '../../../shared/ui/field-error';
import { TextField } from '../../../shared/ui/text-field';
import type { CheckoutValues, InvoiceField, ShippingField } from '../lib/checkout-form';

type Path = `shipping_address.${ShippingField}` | `invoice.${InvoiceField}`;

const options = (countries: readonly Country[]) =>
  countries.map((c) => (
    <option key={c.code} value={c.code}>
      {c.name}
    </option>
  ));

function CountrySelect({
  name,
  label,
  countries,
  served,
  onChange,
}: {
  name: 'shipping_address.country' | 'invoice.country';
  label: string;
  countries: readonly Country[];
  /** Countries the lab delivers to, listed first (the others stay choosable: the server says no). */
  served?: readonly Country[];
  onChange?: (code: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { register, getFieldState, formState } = useFormContext<CheckoutValues>();
  const error = getFieldState(name, formState).error?.message;
  const field = register(name, { onChange: (event) => onChange?.(event.target.value) });
  return (
    <div className={['field', error && 'field-invalid'].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <select
        id={id}
        className="input select"
        autoComplete="country"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...field}
      >
        <option value="">{t('checkout.address.country_placeholder')}</option>
        {served ? (
          <>
            <optgroup label={t('checkout.address.served')}>{options(served)}</optgroup>
            <optgroup label={t('checkout.address.other_countries')}>
              {options(countries.filter((c) => !served.some((s) => s.code === c.code)))}
            </optgroup>
          </>
        ) : (
          options(countries)
        )}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function Field({
  name,
  label,
  optional,
  ...input
}: { name: Path; label: string; optional?: boolean } & {
  autoComplete?: string;
  type?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
}) {
  const { register, getFieldState, formState } = useFormContext<CheckoutValues>();
  return (
    <TextField
      label={label}
      required={!optional}
      error={getFieldState(name, formState).error?.message}
      {...input}
      {...register(name)}
    />
  );
}

/**
 * Where print products are sent (albums spec §3 "Shipping address"): the countries the lab
 * delivers to come first, then every other country, for which the server answers "No delivery
 * to your country"; choosing one prices the shipping (the cart is fetched again).
 */
export function ShippingFields({
  countries,
  served,
  onCountryChange,
}: {
  countries: readonly Country[];
  served: readonly Country[];
  onCountryChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const a = (key: string) => t(`checkout.address.${key}`);
  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('checkout.shipping.title')}</h2>
      <div className="field-row">
        <Field name="shipping_address.first_name" label={a('first_name')} autoComplete="given-name" />
        <Field name="shipping_address.last_name" label={a('last_name')} autoComplete="family-name" />
      </div>
      <div className="field-row">
        <Field name="shipping_address.email" label={a('email')} type="email" autoComplete="email" />
        <Field name="shipping_address.phone" label={a('phone')} type="tel" autoComplete="tel" />
      </div>
      <div className="field-row field-row-street">
        <Field name="shipping_address.street" label={a('street')} autoComplete="address-line1" />
        <Field name="shipping_address.number" label={a('number')} />
      </div>
      <div className="field-row">
        <Field name="shipping_address.zip_code" label={a('zip')} autoComplete="postal-code" />
        <Field name="shipping_address.city" label={a('city')} autoComplete="address-level2" />
      </div>
      <div className="field-row">
        <Field name="shipping_address.area" label={a('area')} optional autoComplete="address-level1" />
        <CountrySelect
          name="shipping_address.country"
          label={a('country')}
          countries={countries}
          served={served}
          onChange={onCountryChange}
        />
      </div>
    </section>
  );
}

/** Optional invoice data (albums spec §3 "Invoice"), behind a switch. */
export function InvoiceFields({ countries, open }: { countries: readonly Country[]; open: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { register } = useFormContext<CheckoutValues>();
  const a = (key: string) => t(`checkout.invoice.${key}`);
  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{a('title')}</h2>
      <Checkbox asSwitch label={a('toggle')} {...register('want_invoice')} />
      {open && (
        <div className="checkout-invoice">
          <Field name="invoice.heading" label={a('heading')} autoComplete="organization" />
          <Field name="invoice.vat_code" label={a('vat_code')} />
          <Field name="invoice.address" label={a('address')} autoComplete="street-address" />
          <div className="field-row">
            <Field name="invoice.zip" label={a('zip')} autoComplete="postal-code" />
            <Field name="invoice.city" label={a('city')} autoComplete="address-level2" />
          </div>
          <CountrySelect name="invoice.country" label={a('country')} countries={countries} />
        </div>
      )}
    </section>
  );
}
