import type { CartPayments } from '@fotodrop/contract/api/cart';
import type { SavedCard } from '@fotodrop/contract/api/payment-methods';
import type { PaymentMethodId } from '@fotodrop/contract/enums';
import { type ReactNode, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FieldError } from '../../../shared/ui/field-error';
import { BANK_METHODS, type CheckoutValues } from '../lib/checkout-form';

interface Choice {
  key: string;
  method: PaymentMethodId;
  card: SavedCard | null;
  label: string;
}

/**
 * Saved cards first (the card method's), then every method in the server's order, named in the
 * interface language by its id (the server's `name` is English: issue 17).
 */
function choicesOf(
  payments: CartPayments,
  cards: readonly SavedCard[],
  nameOf: (method: PaymentMethodId) => string,
  newCardLabel: string,
): Choice[] {
  const offersCards = payments.payment_methods.some((m) => m.id === 'stripe');
  const saved = offersCards
    ? cards.map((card) => ({ key: `card:${card.id}`, method: 'stripe' as const, card, label: '' }))
    : [];
  return [
    ...saved,
    ...payments.payment_methods.map((m) => ({
      key: m.id,
      method: m.id,
      card: null,
      label: m.id === 'stripe' && saved.length > 0 ? newCardLabel : nameOf(m.id),
    })),
  ];
}

/**
 * The payment method choice (albums spec §2 "Checkout: payment method"): saved cards, the
 * methods the server offers for this cart, and under the chosen one what it needs — the card form,
 * the bank for iDEAL and Przelewy24, or the method's message (bank-transfer instructions follow
 * on the success page).
 */
export function PaymentMethods({
  payments,
  cards,
  cardForm,
}: {
  payments: CartPayments;
  cards: readonly SavedCard[];
  /** The new card's fields: the test card form or Stripe's Payment Element. */
  cardForm: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { control, setValue, register, formState } = useFormContext<CheckoutValues>();
  const [method, savedCardId] = useWatch({ control, name: ['payment_method', 'saved_card_id'] });
  const choices = choicesOf(
    payments,
    cards,
    (id) => t(`checkout.method.${id}`),
    t('checkout.payment.new_card'),
  );
  const selected = method === 'stripe' && savedCardId ? `card:${savedCardId}` : method;
  const choose = (choice: Choice) => {
    setValue('payment_method', choice.method, { shouldValidate: formState.isSubmitted });
    setValue('saved_card_id', choice.card?.id ?? '');
  };
  const bankError = formState.errors.bank?.message;
  const methodError = formState.errors.payment_method?.message;

  const details = (choice: Choice): ReactNode => {
    if (choice.card) return null;
    const option = payments.payment_methods.find((m) => m.id === choice.method);
    // the organiser's own text, else ours in the interface language
    const message =
      payments.confirm_messages[choice.method] ??
      (choice.method === 'bank-transfer' ? t('checkout.payment.transfer_note') : undefined);
    return (
      <div className="pay-option-details">
        {choice.method === 'stripe' && cardForm}
        {BANK_METHODS.includes(choice.method) && option && (
          <div className={['field', bankError && 'field-invalid'].filter(Boolean).join(' ')}>
            <label className="field-label" htmlFor={`${titleId}-bank`}>
              {t('checkout.payment.bank')}
            </label>
            <select
              id={`${titleId}-bank`}
              className="input select"
              aria-invalid={bankError ? true : undefined}
              aria-describedby={bankError ? `${titleId}-bank-error` : undefined}
              {...register('bank')}
            >
              <option value="">{t('checkout.payment.bank_placeholder')}</option>
              {option.banks.map((bank) => (
                <option key={bank.id} value={bank.id}>
                  {bank.name}
                </option>
              ))}
            </select>
            <FieldError id={`${titleId}-bank-error`} message={bankError} />
          </div>
        )}
        {message && <p className="pay-option-message">{message}</p>}
      </div>
    );
  };

  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('checkout.payment.title')}</h2>
      <div className="pay-options" role="radiogroup" aria-labelledby={titleId}>
        {choices.map((choice) => (
          <div key={choice.key} className="pay-option" data-selected={selected === choice.key || undefined}>
            <label className="pay-option-label">
              <input
                type="radio"
                name="payment_choice"
                value={choice.key}
                checked={selected === choice.key}
                onChange={() => choose(choice)}
              />
              <span className="pay-option-name">
                {choice.card
                  ? t('checkout.payment.saved_card', {
                      brand: choice.card.brand.toUpperCase(),
                      last4: choice.card.last4,
                      month: String(choice.card.exp_month).padStart(2, '0'),
                      year: String(choice.card.exp_year).slice(-2),
                    })
                  : choice.label}
              </span>
              {choice.card?.is_default && (
                <span className="pay-option-badge">{t('checkout.payment.default')}</span>
              )}
            </label>
            {selected === choice.key && details(choice)}
          </div>
        ))}
      </div>
      <FieldError id={`${titleId}-error`} message={methodError} />
    </section>
  );
}
