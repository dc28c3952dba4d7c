import { minorToDecimalString } from '@fotodrop/contract/rules/currency';
import type { PaymentRegistry } from '../../adapters/payments/payment-registry';
import type {
  TestConfirmInput,
  TestIntentRow,
  TestPaymentProvider,
} from '../../adapters/payments/test-provider';
import { NotFoundError } from '../../http/errors';
import type { AuthContext } from '../accounts/auth.service';
import { assertNotImpersonated } from '../accounts/impersonation-audit';
import { failureOf } from './order-dto';

/**
 * The test provider's own API, as the browser reaches it: its page and card form read an intent and
 * confirm it. It exists only while the test provider serves a method. Like a real provider it then
 * notifies us (`notify`, our webhook's work), racing the browser's own confirm-payment.
 */
export function testPaymentsService(deps: {
  provider: TestPaymentProvider;
  payments: PaymentRegistry;
  notify: (providerRef: string) => Promise<void>;
}) {
  const active = () => deps.payments.testModeFor(deps.payments.methods);
  const dto = (row: TestIntentRow) => ({
    id: row.id,
    status: row.status as 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled',
    amount: minorToDecimalString(row.amount, row.currency),
    currency: row.currency,
    payment_method: row.method,
    description: row.description,
    // a failure's reason and its English; nothing for the other states (issue 17)
    ...(row.status === 'failed'
      ? (({ failure_message, failure_reason }) => ({ message: failure_message, reason: failure_reason }))(
          failureOf(row.message),
        )
      : { message: null, reason: null }),
    return_url: row.returnUrl,
  });
  return {
    async intent(auth: AuthContext, intentId: string) {
      if (!active()) throw new NotFoundError('Payment not found.');
      return dto(await deps.provider.intentOf(auth.user.id, intentId));
    },
    async confirm(auth: AuthContext, intentId: string, input: TestConfirmInput) {
      assertNotImpersonated(auth);
      if (!active()) throw new NotFoundError('Payment not found.');
      const row = await deps.provider.confirm(auth.user.id, intentId, input);
      await deps.notify(row.id);
      return dto(row);
    },
  };
}
