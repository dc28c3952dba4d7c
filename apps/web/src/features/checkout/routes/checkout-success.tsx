import './checkout.css';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { Spinner } from '../../../shared/ui/spinner';
import { usePayments } from '../api/checkout-queries';
import { CheckoutFailure, OrderResult } from '../components/order-result';
import { useOrderWhileProcessing } from '../hooks/use-order-while-processing';
import { orderIdOf } from '../lib/order-id';

/**
 * /checkout/success?order=<id> (albums spec §2): the order as the server has it now — paid,
 * pending with the bank-transfer instructions, or processing (asked again until it settles).
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('checkout.success.page_title'));
  const [search] = useSearchParams();
  const id = orderIdOf(search);
  const order = useOrderWhileProcessing(id);
  const payments = usePayments();
  // the organiser's own text, else ours in the interface language (issue 17)
  const transferMessage =
    payments.data && (payments.data.confirm_messages['bank-transfer'] ?? t('checkout.payment.transfer_note'));
  // a placed order used the promo code: the next checkout starts without it
  const placed = order.data?.status === 'paid' || order.data?.status === 'pending';
  useEffect(() => {
    if (placed) useAppStore.getState().setVoucher(null);
  }, [placed]);

  let body = <Spinner label={t('checkout.success.loading')} />;
  if (id === null) body = <CheckoutFailure reason={null} />;
  else if (order.isError) body = <Alert tone="error">{translateError(t, order.error)}</Alert>;
  else if (order.data) body = <OrderResult order={order.data} transferMessage={transferMessage} />;
  return <div className="page container checkout-result">{body}</div>;
}
