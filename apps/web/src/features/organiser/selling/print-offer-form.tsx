import type {
  PrintOffer,
  PrintOfferProduct,
  UpdatePrintOffer,
} from '@fotodrop/contract/api/organiser-payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { isApiError } from '../../../shared/api/errors';
import { translateError, translateMessage } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FieldError } from '../../../shared/ui/field-error';
import { savePrintOffer, sellingKeys } from './selling-api';
import { checkRates, type RateValues, ShippingRatesEditor, toRateValues } from './shipping-rates-editor';

interface ProductValues {
  enabled: boolean;
  /** Own price per variant as typed; '' = the catalogue's. */
  prices: Record<number, string>;
}
interface Values {
  products: Record<number, ProductValues>;
  ownShipping: boolean;
  rates: RateValues[];
}

/** A typed amount as the contract takes it ("12,5" → "12.5"); null when it is not an amount. */
export function amountOf(text: string): string | null {
  const value = text.trim().replace(',', '.');
  return /^\d{1,5}(\.\d{1,2})?$/.test(value) ? value : null;
}

function valuesOf(offer: PrintOffer): Values {
  return {
    products: Object.fromEntries(
      offer.products.map((p) => [
        p.id,
        {
          enabled: p.enabled,
          prices: Object.fromEntries(p.variants.map((v) => [v.id, v.price ?? ''])),
        },
      ]),
    ),
    ownShipping: offer.shipping_rates !== null,
    rates: toRateValues(offer.shipping_rates ?? offer.platform_shipping_rates),
  };
}

/** Client-side checks with the server's keys, by the server's field paths (products.i.variants.j.price). */
function check(offer: PrintOffer, values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  offer.products.forEach((product, i) => {
    const own = values.products[product.id]!;
    product.variants.forEach((variant, j) => {
      const typed = own.prices[variant.id] ?? '';
      const path = `products.${i}.variants.${j}.price`;
      if (typed.trim() !== '' && (amountOf(typed) === null || Number(amountOf(typed)) <= 0)) {
        errors[path] = 'money.invalid';
      } else if (own.enabled && typed.trim() === '' && variant.catalogue_price === null) {
        errors[path] = 'print_offer.price_required';
      }
    });
  });
  if (values.ownShipping) Object.assign(errors, checkRates(values.rates));
  return errors;
}

function bodyOf(offer: PrintOffer, values: Values): UpdatePrintOffer {
  return {
    products: offer.products.map((product) => {
      const own = values.products[product.id]!;
      return {
        id: product.id,
        enabled: own.enabled,
        variants: product.variants.map((v) => ({ id: v.id, price: amountOf(own.prices[v.id] ?? '') })),
      };
    }),
    shipping_rates: values.ownShipping
      ? values.rates.map((r) => ({
          country: r.country,
          shipping: amountOf(r.shipping) ?? r.shipping,
          handling_fee: amountOf(r.handling_fee) ?? r.handling_fee,
        }))
      : null,
  };
}

/**
 * The organisation's print offer: each catalogue product on or off with its prices per variant
 * (empty: the catalogue's price), and where prints are delivered at what cost.
 */
export function PrintOfferForm({ organisationId, initial }: { organisationId: number; initial: PrintOffer }) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const [offer, setOffer] = useState(initial);
  const [values, setValues] = useState(() => valuesOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const money = useMemo(
    () => new Intl.NumberFormat(language, { style: 'currency', currency: offer.currency }),
    [language, offer.currency],
  );
  const save = useMutation({
    mutationFn: (body: UpdatePrintOffer) => savePrintOffer(organisationId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(sellingKeys.printOffer(organisationId), saved);
      setOffer(saved);
      setValues(valuesOf(saved));
      setNotice({ tone: 'success', text: t('organiser.selling.offer.saved') });
    },
    onError: (error) => {
      const fields = isApiError(error) ? error.fieldErrors : {};
      if (Object.keys(fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join('\n')])));
        setNotice({ tone: 'error', text: t('organiser.selling.offer.fix') });
      } else setNotice({ tone: 'error', text: translateError(t, error) });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const found = check(offer, values);
    setErrors(found);
    if (Object.keys(found).length > 0) setNotice({ tone: 'error', text: t('organiser.selling.offer.fix') });
    else save.mutate(bodyOf(offer, values));
  };
  const setProduct = (id: number, change: Partial<ProductValues>) =>
    setValues((v) => ({ ...v, products: { ...v.products, [id]: { ...v.products[id]!, ...change } } }));

  const families = new Map<string, { product: PrintOfferProduct; index: number }[]>();
  offer.products.forEach((product, index) => {
    families.set(product.family, [...(families.get(product.family) ?? []), { product, index }]);
  });
  // errors shown beside their inputs; any other (an unknown product…) is said in the notice
  const formError = Object.entries(errors).find(
    ([path]) =>
      !/^products\.\d+\.variants\.\d+\.price$/.test(path) &&
      !/^shipping_rates(\.\d+\.(country|shipping|handling_fee))?$/.test(path),
  );

  return (
    <form className="card console-card" onSubmit={submit} noValidate aria-labelledby="offer-heading">
      <h2 id="offer-heading">{t('organiser.selling.offer.title')}</h2>
      <p className="selling-lead">{t('organiser.selling.offer.lead', { currency: offer.currency })}</p>
      {[...families].map(([family, products]) => (
        <section key={family} className="selling-family" aria-label={family}>
          <h3>{family}</h3>
          {products.map(({ product, index }) => {
            const own = values.products[product.id]!;
            return (
              <div key={product.id} className="selling-product">
                <Checkbox
                  asSwitch
                  label={product.title}
                  description={
                    own.enabled ? t('organiser.selling.offer.on') : t('organiser.selling.offer.off')
                  }
                  checked={own.enabled}
                  onChange={(e) => setProduct(product.id, { enabled: e.target.checked })}
                />
                {own.enabled && (
                  <table className="console-table selling-prices">
                    <caption className="visually-hidden">
                      {t('organiser.selling.offer.prices_of', { product: product.title })}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('organiser.selling.offer.variant')}</th>
                        <th scope="col">{t('organiser.selling.offer.catalogue_price')}</th>
                        <th scope="col">
                          {t('organiser.selling.offer.your_price', { currency: offer.currency })}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {product.variants.map((variant, j) => {
                        const name = variant.options.join(' · ') || product.title;
                        const path = `products.${index}.variants.${j}.price`;
                        const errorId = `offer-price-${variant.id}-error`;
                        return (
                          <tr key={variant.id}>
                            <th scope="row">{name}</th>
                            <td data-label={t('organiser.selling.offer.catalogue_price')}>
                              {variant.catalogue_price === null
                                ? t('organiser.selling.offer.other_currency', {
                                    currency: product.catalogue_currency,
                                  })
                                : money.format(Number(variant.catalogue_price))}
                            </td>
                            <td
                              data-label={t('organiser.selling.offer.your_price', {
                                currency: offer.currency,
                              })}
                            >
                              <input
                                className="input selling-price-input"
                                inputMode="decimal"
                                aria-label={t('organiser.selling.offer.price_for', { variant: name })}
                                placeholder={variant.catalogue_price ?? ''}
                                value={own.prices[variant.id] ?? ''}
                                aria-invalid={errors[path] ? true : undefined}
                                aria-describedby={errors[path] ? errorId : undefined}
                                onChange={(e) => {
                                  setProduct(product.id, {
                                    prices: { ...own.prices, [variant.id]: e.target.value },
                                  });
                                  setErrors(({ [path]: _, ...rest }) => rest);
                                }}
                              />
                              <FieldError id={errorId} message={errors[path]} />
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                )}
              </div>
            );
          })}
        </section>
      ))}
      <ShippingRatesEditor
        currency={offer.currency}
        own={values.ownShipping}
        rates={values.rates}
        platformRates={offer.platform_shipping_rates}
        errors={errors}
        onOwn={(ownShipping) => setValues((v) => ({ ...v, ownShipping }))}
        onRates={(rates) => setValues((v) => ({ ...v, rates }))}
      />
      <div aria-live="polite">
        {notice && (
          <Alert tone={notice.tone}>
            {notice.text}
            {formError && <> {translateMessage(t, formError[1].split('\n')[0]!)}</>}
          </Alert>
        )}
      </div>
      <div className="selling-actions">
        <Button type="submit" loading={save.isPending}>
          {t('organiser.selling.offer.save')}
        </Button>
      </div>
    </form>
  );
}
