import type { ShippingRate } from '@fotodrop/contract/api/organiser-payments';
import { COUNTRY_CODES } from '@fotodrop/contract/countries';
import { useId, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { FieldError } from '../../../shared/ui/field-error';

/** One row of the editor; `key` keeps React's rows apart while countries change. */
export interface RateValues {
  key: number;
  country: string;
  shipping: string;
  handling_fee: string;
}

let nextKey = 1;
export const toRateValues = (rates: ShippingRate[]): RateValues[] =>
  rates.map((r) => ({ key: nextKey++, ...r }));

const AMOUNT = /^\d{1,5}([.,]\d{1,2})?$/;

/** The rows' problems by the server's field paths (shipping_rates.i.field). */
export function checkRates(rates: RateValues[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (rates.length === 0) errors.shipping_rates = 'shipping.no_country';
  const seen = new Set<string>();
  rates.forEach((r, i) => {
    if (!r.country) errors[`shipping_rates.${i}.country`] = 'field.required';
    else if (seen.has(r.country)) errors[`shipping_rates.${i}.country`] = 'shipping.country_repeated';
    seen.add(r.country);
    if (!AMOUNT.test(r.shipping.trim())) errors[`shipping_rates.${i}.shipping`] = 'money.invalid';
    if (!AMOUNT.test(r.handling_fee.trim())) errors[`shipping_rates.${i}.handling_fee`] = 'money.invalid';
  });
  return errors;
}

/**
 * Where prints are delivered: the platform's countries and rates, or the organisation's own list
 * (country, shipping, handling fee per order with prints).
 */
export function ShippingRatesEditor({
  currency,
  own,
  rates,
  platformRates,
  errors,
  onOwn,
  onRates,
}: {
  currency: string;
  own: boolean;
  rates: RateValues[];
  platformRates: ShippingRate[];
  errors: Record<string, string>;
  onOwn: (own: boolean) => void;
  onRates: (rates: RateValues[]) => void;
}) {
  const { t, language } = useTranslation();
  const id = useId();
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, language),
    );
  }, [language]);
  const nameOf = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const change = (key: number, patch: Partial<RateValues>) =>
    onRates(rates.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  return (
    <fieldset className="selling-shipping">
      <legend>
        <h3>{t('organiser.selling.shipping.title')}</h3>
      </legend>
      <div className="check">
        <input
          type="radio"
          id={`${id}-platform`}
          name={`${id}-mode`}
          checked={!own}
          onChange={() => onOwn(false)}
        />
        <div className="check-text">
          <label htmlFor={`${id}-platform`}>{t('organiser.selling.shipping.platform')}</label>
          <p className="field-hint">
            {platformRates.length > 0
              ? platformRates.map((r) => nameOf(r.country)).join(', ')
              : t('organiser.selling.shipping.platform_none')}
          </p>
        </div>
      </div>
      <div className="check">
        <input
          type="radio"
          id={`${id}-own`}
          name={`${id}-mode`}
          checked={own}
          onChange={() => {
            if (rates.length === 0) onRates(toRateValues(platformRates));
            onOwn(true);
          }}
        />
        <div className="check-text">
          <label htmlFor={`${id}-own`}>{t('organiser.selling.shipping.own')}</label>
        </div>
      </div>
      {own && (
        <>
          <table className="console-table selling-rates">
            <caption className="visually-hidden">{t('organiser.selling.shipping.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('organiser.selling.shipping.country')}</th>
                <th scope="col">{t('organiser.selling.shipping.shipping', { currency })}</th>
                <th scope="col">{t('organiser.selling.shipping.handling', { currency })}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('organiser.selling.shipping.remove_column')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rates.map((rate, i) => {
                const fieldOf = (name: 'country' | 'shipping' | 'handling_fee') => {
                  const message = errors[`shipping_rates.${i}.${name}`];
                  const errorId = `${id}-${rate.key}-${name}-error`;
                  return {
                    error: <FieldError id={errorId} message={message} />,
                    attrs: {
                      'aria-invalid': message ? true : undefined,
                      'aria-describedby': message ? errorId : undefined,
                    },
                  };
                };
                const country = fieldOf('country');
                const shipping = fieldOf('shipping');
                const handling = fieldOf('handling_fee');
                const name = rate.country ? nameOf(rate.country) : t('organiser.selling.shipping.new_row');
                return (
                  <tr key={rate.key}>
                    <td>
                      <select
                        className="input select"
                        aria-label={t('organiser.selling.shipping.country_of', { row: i + 1 })}
                        value={rate.country}
                        onChange={(e) => change(rate.key, { country: e.target.value })}
                        {...country.attrs}
                      >
                        <option value="">{t('organiser.selling.shipping.choose_country')}</option>
                        {countries.map((c) => (
                          <option key={c.code} value={c.code}>
                            {c.name}
                          </option>
                        ))}
                      </select>
                      {country.error}
                    </td>
                    <td data-label={t('organiser.selling.shipping.shipping', { currency })}>
                      <input
                        className="input selling-price-input"
                        inputMode="decimal"
                        aria-label={t('organiser.selling.shipping.shipping_to', { country: name })}
                        value={rate.shipping}
                        onChange={(e) => change(rate.key, { shipping: e.target.value })}
                        {...shipping.attrs}
                      />
                      {shipping.error}
                    </td>
                    <td data-label={t('organiser.selling.shipping.handling', { currency })}>
                      <input
                        className="input selling-price-input"
                        inputMode="decimal"
                        aria-label={t('organiser.selling.shipping.handling_to', { country: name })}
                        value={rate.handling_fee}
                        onChange={(e) => change(rate.key, { handling_fee: e.target.value })}
                        {...handling.attrs}
                      />
                      {handling.error}
                    </td>
                    <td>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('organiser.selling.shipping.remove_country', { country: name })}
                        onClick={() => onRates(rates.filter((r) => r.key !== rate.key))}
                      >
                        {t('organiser.selling.shipping.remove')}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <FieldError id={`${id}-rates-error`} message={errors.shipping_rates} />
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                onRates([...rates, { key: nextKey++, country: '', shipping: '', handling_fee: '0' }])
              }
            >
              {t('organiser.selling.shipping.add')}
            </Button>
          </div>
        </>
      )}
    </fieldset>
  );
}
