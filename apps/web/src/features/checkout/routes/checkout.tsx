import './checkout.css';
import { isCampaignValid } from '@fotodrop/contract/rules/campaign';
import { decimalStringToMinor } from '@fotodrop/contract/rules/currency';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, type Path, useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../../shared/api/errors';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { errorMessage } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { Spinner } from '../../../shared/ui/spinner';
import { Basket } from '../../cart';
import type { CheckoutCartQuery } from '../api/checkout-api';
import {
  useAllCountries,
  useCheckoutCart,
  usePayments,
  usePrintCountries,
  useSavedCards,
} from '../api/checkout-queries';
import { InvoiceFields, ShippingFields } from '../components/address-fields';
import { CheckoutSummary } from '../components/checkout-summary';
import { BankConfirmDialog, PaymentErrorDialog, TestModeBand } from '../components/payment-dialogs';
import { PaymentMethods } from '../components/payment-methods';
import { PromoDialog } from '../components/promo-dialog';
import { TestCardFields } from '../components/test-card-fields';
import { useCheckoutPayment } from '../hooks/use-checkout-payment';
import { type CheckoutValues, cardDigits, checkCheckout, emptyCheckout } from '../lib/checkout-form';
import type { StripeHandle } from '../lib/stripe-handle';

const StripePayment = lazy(() => import('../components/stripe-payment'));

const FORM_ID = 'checkout-form';
type FieldPath = Path<CheckoutValues>;
const FORM_FIELDS = /^(payment_method|bank|saved_card_id|card_\w+|shipping_address\.\w+|invoice\.\w+)$/;

/**
 * /checkout (albums spec §2 "Checkout"): the basket, then the shipping address when print
 * products are in it, the payment method, optional invoice data, the promo code, and the pay button
 * with the server's grand total.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('cart.title'));
  const payments = usePayments();
  return (
    <div className="page container cart-page checkout-page">
      <h1>{t('cart.title')}</h1>
      {payments.data?.payment_settings.test_mode && <TestModeBand />}
      <Suspense fallback={<Spinner label={t('cart.loading')} />}>
        <Checkout />
      </Suspense>
    </div>
  );
}

/** The preview link's campaign while it runs (albums spec §4): the cart is priced with it, as the order. */
function useValidCampaign(): string | null {
  const campaign = useAppStore((s) => s.campaign);
  return campaign && isCampaignValid(campaign, new Date()) ? campaign.campaign_code : null;
}

function Checkout() {
  const { t } = useTranslation();
  const email = useAppStore((s) => s.user?.email ?? '');
  // the promo code is the store's voucher (localStorage, like the home page's ?voucher= link): it
  // survives a reload and is checked again by the server's cart answer (issue 17)
  const voucher = useAppStore((s) => s.voucher);
  const setVoucher = useAppStore((s) => s.setVoucher);
  const [voucherError, setVoucherError] = useState<string | undefined>();
  const [promoOpen, setPromoOpen] = useState(false);
  const [country, setCountry] = useState('');
  const campaign = useValidCampaign();
  const query: CheckoutCartQuery = {
    ...(voucher ? { voucher_code: voucher } : {}),
    ...(campaign ? { campaign_code: campaign } : {}),
    ...(country ? { country } : {}),
  };
  const cartQuery = useCheckoutCart(query);
  // a refused country answers an error, not a cart: the last cart stays on screen meanwhile
  const lastCart = useRef(cartQuery.data);
  if (cartQuery.data) lastCart.current = cartQuery.data;
  const cart = { data: cartQuery.data ?? lastCart.current, error: cartQuery.error };
  const payments = usePayments();
  const form = useForm<CheckoutValues>({ defaultValues: emptyCheckout(email) });
  const { setValue, setError, clearErrors, getValues } = form;
  const [wantInvoice, method, savedCardId] = useWatch({
    control: form.control,
    name: ['want_invoice', 'payment_method', 'saved_card_id'],
  });
  const hasPrint = (cart.data?.print_items.length ?? 0) > 0;
  const offersCards = payments.data?.payment_methods.some((m) => m.id === 'stripe') ?? false;
  const savedCards = useSavedCards({ enabled: offersCards });
  const printCountries = usePrintCountries({ enabled: hasPrint });
  const allCountries = useAllCountries({ enabled: wantInvoice || hasPrint });
  const stripeKey = payments.data?.payment_settings.stripe_publishable_key ?? null;
  const stripe = useRef<StripeHandle | null>(null);
  const onStripeReady = useCallback((handle: StripeHandle | null) => {
    stripe.current = handle;
  }, []);
  const { state, pay, confirmWithBank, cancelBankStep, dismiss } = useCheckoutPayment();
  const paying = state.step === 'paying';

  // the default saved card, else the first method the server lists, is chosen to begin with
  useEffect(() => {
    if (!payments.data || getValues('payment_method')) return;
    if (offersCards && savedCards.isPending) return;
    const card = savedCards.data?.find((c) => c.is_default) ?? savedCards.data?.[0];
    if (offersCards && card) {
      setValue('payment_method', 'stripe');
      setValue('saved_card_id', card.id);
      return;
    }
    const first = payments.data.payment_methods[0];
    if (first) setValue('payment_method', first.id);
  }, [payments.data, offersCards, savedCards.isPending, savedCards.data, getValues, setValue]);

  // "No delivery to your country" answers the cart priced for that country: said on the field,
  // and the totals go back to those without shipping
  useEffect(() => {
    const fields = isApiError(cart.error) ? cart.error.fieldErrors : {};
    const messages = fields.country ?? fields['shipping_address.country'];
    if (!messages) return;
    setError('shipping_address.country', { type: 'server', message: messages.join('\n') });
    setCountry('');
  }, [cart.error, setError]);

  // a kept code the server no longer takes (used meanwhile, or gone) is dropped, and said so
  const keptVoucher = cart.data?.voucher;
  useEffect(() => {
    if (
      !keptVoucher ||
      keptVoucher.status === 'valid' ||
      keptVoucher.code.toUpperCase() !== voucher?.toUpperCase()
    )
      return;
    setVoucherError(keptVoucher.status === 'used' ? 'voucher.used' : 'voucher.invalid');
    setVoucher(null);
  }, [keptVoucher, voucher, setVoucher]);

  function showOrderError(error: unknown) {
    if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
      const rest: string[] = [];
      let first = true;
      for (const [name, messages] of Object.entries(error.fieldErrors)) {
        const message = messages.join('\n');
        const field = name === 'country' ? 'shipping_address.country' : name;
        if (name === 'voucher_code') setVoucherError(message);
        else if (FORM_FIELDS.test(field)) {
          setError(field as FieldPath, { type: 'server', message }, { shouldFocus: first });
          first = false;
        } else rest.push(message);
      }
      if (rest.length > 0) setError('root.server', { type: 'server', message: rest.join('\n') });
      return;
    }
    const { key, vars } = errorMessage(error);
    const types = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v)]));
    setError('root.server', { type: 'server', message: key, types });
  }

  const submit = form.handleSubmit(async (values) => {
    // the pay button is disabled while impersonating; Enter in a field submits the form too
    if (useAppStore.getState().impersonator !== null) return;
    clearErrors();
    setVoucherError(undefined);
    const check = checkCheckout(values, { shipping: hasPrint, testCard: !stripeKey });
    if (!check.ok) {
      check.issues.forEach((issue, i) => {
        setError(
          issue.path as FieldPath,
          { type: 'validate', message: issue.message },
          { shouldFocus: i === 0 },
        );
      });
      return;
    }
    const newCard = values.payment_method === 'stripe' && !values.saved_card_id;
    try {
      await pay({
        body: check.body,
        voucherCode: voucher,
        cardNumber: newCard && !stripeKey ? cardDigits(values) : null,
        stripe: newCard && stripeKey ? stripe.current : null,
      });
    } catch (error) {
      showOrderError(error);
    }
  });

  const totals = cart.data?.totals;
  const cardForm =
    method === 'stripe' && !savedCardId ? (
      stripeKey && totals?.currency ? (
        <Suspense fallback={<Spinner size="sm" />}>
          <StripePayment
            publishableKey={stripeKey}
            amountMinor={decimalStringToMinor(totals.grand_total, totals.currency)}
            currency={totals.currency}
            onReady={onStripeReady}
          />
        </Suspense>
      ) : (
        <TestCardFields canSave />
      )
    ) : null;

  const paymentSection = payments.isPending ? (
    <Spinner label={t('checkout.payment.loading')} />
  ) : payments.isError ? (
    <Alert tone="error" title={t('checkout.payment.load_failed')}>
      <Button variant="secondary" size="sm" onClick={() => void payments.refetch()}>
        {t('checkins.list.retry')}
      </Button>
    </Alert>
  ) : (
    <PaymentMethods payments={payments.data} cards={savedCards.data ?? []} cardForm={cardForm} />
  );

  return (
    <FormProvider {...form}>
      <Basket
        sections={
          <form id={FORM_ID} className="checkout-form" onSubmit={submit} noValidate>
            {hasPrint && (
              <ShippingFields
                countries={allCountries.data ?? printCountries.data ?? []}
                served={printCountries.data ?? []}
                onCountryChange={(code) => {
                  clearErrors('shipping_address.country');
                  setCountry(code);
                }}
              />
            )}
            {paymentSection}
            <InvoiceFields countries={allCountries.data ?? []} open={wantInvoice} />
            <FormError error={form.formState.errors.root?.server} />
          </form>
        }
        aside={
          totals && (
            <CheckoutSummary
              totals={totals}
              campaign={cart.data?.campaign ?? null}
              voucher={voucher}
              voucherError={voucherError}
              onPromo={() => setPromoOpen(true)}
              onRemoveVoucher={() => {
                setVoucher(null);
                setVoucherError(undefined);
              }}
              awaitingCountry={hasPrint && !country}
              placeOrder={method === 'bank-transfer' || Number(totals.grand_total) === 0}
              paying={paying}
              form={FORM_ID}
            />
          )
        }
      />
      <PromoDialog
        open={promoOpen}
        query={country ? { country } : {}}
        onClose={() => setPromoOpen(false)}
        onAccepted={(code) => {
          setVoucher(code);
          setVoucherError(undefined);
        }}
      />
      <PaymentErrorDialog
        open={state.step === 'failed'}
        reason={state.step === 'failed' ? state.reason : null}
        onRetry={dismiss}
      />
      <BankConfirmDialog
        open={state.step === 'bank-confirm'}
        onConfirm={confirmWithBank}
        onCancel={cancelBankStep}
      />
    </FormProvider>
  );
}
