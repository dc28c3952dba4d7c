import './checkout.css';
import type { MercadoPagoStatus } from '@fotodrop/contract/enums';
import { useState } from 'react';
import { type LoaderFunctionArgs, redirect, useSearchParams } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CheckoutFailure } from '../components/order-result';
import { ReturnProgress } from '../components/return-progress';
import { type ProviderReturn, useReturnConfirmation } from '../hooks/use-return-confirmation';
import { orderIdOf } from '../lib/order-id';

/**
 * The statuses Mercado Pago returns with, as a typed record: the contract's list (enums), kept out
 * of this module's import so the home page's script does not carry it.
 */
const STATUSES: Record<MercadoPagoStatus, true> = { success: true, failure: true, pending: true };

/**
 * /checkout/mercado-pago/:status (entry spec §2): Mercado Pago's return with success, failure
 * or pending; any other status goes to /checkins. The server confirms with the payment_id (or the
 * preference_id) Mercado Pago appended, reading the payment from Mercado Pago itself.
 */
export function loader({ params }: LoaderFunctionArgs) {
  if (!Object.hasOwn(STATUSES, params.status ?? '')) throw redirect(paths.checkins.getHref());
  return null;
}

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('checkout.complete.title'));
  const [search] = useSearchParams();
  const [ret] = useState<ProviderReturn>(() => ({
    transactionId: search.get('payment_id') ?? search.get('preference_id') ?? search.get('payment_intent'),
    method: 'mercado-pago',
    orderId:
      orderIdOf(search) ?? orderIdOf(new URLSearchParams({ order: search.get('external_reference') ?? '' })),
    // the whole return query goes along: the server may want collection_status, merchant_order_id…
    extraData: Object.fromEntries(search.entries()),
  }));
  const state = useReturnConfirmation(ret);
  return (
    <div className="page container checkout-result">
      {state.step === 'confirming' ? (
        <ReturnProgress />
      ) : (
        <CheckoutFailure reason={state.reason} orderId={state.orderId ?? undefined} />
      )}
    </div>
  );
}
