import './checkout.css';
import type { testIntentSchema } from '@fotodrop/contract/api/orders';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { confirmTestIntent } from '../api/checkout-api';
import { useTestIntent } from '../api/checkout-queries';
import { TestModeBand } from '../components/payment-dialogs';
import { showMoney } from '../lib/money';
import { samePath } from '../lib/payment-steps';

type TestIntent = z.infer<typeof testIntentSchema>;

type Intent = Pick<TestIntent, 'return_url' | 'payment_method' | 'status'>;

const MERCADO_PAGO_RETURN = paths.checkoutMercadoPago.path.replace('/:status', '');

/**
 * Where the test page sends the browser back: the intent's return address with its id appended,
 * as Stripe appends payment_intent; Mercado Pago's return address gets the outcome as its status
 * (Mercado Pago has one return address per outcome).
 */
export function returnAddress(intent: Intent, intentId: string, origin: string): string | null {
  if (!intent.return_url) return null;
  const url = new URL(intent.return_url, origin);
  if (intent.payment_method === 'mercado-pago' && url.pathname.replace(/\/$/, '') === MERCADO_PAGO_RETURN) {
    const status =
      intent.status === 'succeeded' ? 'success' : intent.status === 'failed' ? 'failure' : 'pending';
    url.pathname = paths.checkoutMercadoPago.getHref(status);
  }
  if (!url.searchParams.has('payment_intent')) url.searchParams.set('payment_intent', intentId);
  return url.toString();
}

/**
 * /test-payments/:intentId — the built-in test provider's own page, standing in for the bank or
 * wallet page of iDEAL, Przelewy24 and Mercado Pago while they have no keys: the amount, and a
 * choice to authorize or fail the payment; then back to the shop's return address.
 */
export function Component() {
  const { t, language } = useTranslation();
  usePageTitle(t('checkout.test_page.title'));
  const navigate = useNavigate();
  const { intentId = '' } = useParams();
  const intent = useTestIntent(intentId);
  const decide = useMutation({
    mutationFn: (outcome: 'authorize' | 'fail') => confirmTestIntent(intentId, { outcome }),
  });

  const leave = (answer: Intent) => {
    const target = returnAddress(answer, intentId, window.location.origin);
    if (!target) {
      navigate(paths.checkout.getHref());
      return;
    }
    const path = samePath(target, window.location.origin);
    if (path) navigate(path, { replace: true });
    else window.location.assign(target);
  };

  let body = <Spinner label={t('checkout.test_page.loading')} />;
  if (intent.isError) body = <Alert tone="error">{translateError(t, intent.error)}</Alert>;
  else if (intent.data) {
    const data = intent.data;
    const open = data.status === 'requires_action' || data.status === 'processing';
    body = (
      <div className="test-page-card">
        <p className="test-page-amount">{showMoney(data.amount, data.currency, language)}</p>
        <p>{data.description}</p>
        {open ? (
          <div className="order-actions">
            <Button
              loading={decide.isPending && decide.variables === 'authorize'}
              disabled={decide.isPending}
              onClick={() => decide.mutate('authorize', { onSuccess: leave })}
            >
              {t('checkout.test_page.authorize')}
            </Button>
            <Button
              variant="danger"
              loading={decide.isPending && decide.variables === 'fail'}
              disabled={decide.isPending}
              onClick={() => decide.mutate('fail', { onSuccess: leave })}
            >
              {t('checkout.test_page.fail')}
            </Button>
          </div>
        ) : (
          <>
            <p>
              {t(
                data.status === 'succeeded'
                  ? 'checkout.test_page.done_paid'
                  : 'checkout.test_page.done_failed',
              )}
            </p>
            <Button onClick={() => leave(data)}>{t('checkout.test_page.continue')}</Button>
          </>
        )}
        {decide.isError && <Alert tone="error">{translateError(t, decide.error)}</Alert>}
      </div>
    );
  }
  return (
    <div className="page container test-page">
      <TestModeBand />
      <h1>{t('checkout.test_page.title')}</h1>
      {body}
    </div>
  );
}
