import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { PaymentRegistry } from '../../adapters/payments/payment-registry';
import { createPaymentProviders, type PaymentConfig } from '../../adapters/payments/providers';
import { testPaymentProvider } from '../../adapters/payments/test-provider';
import type { Db } from '../../db/client';
import { paymentCustomersRepository } from '../../repositories/payment-customers.repository';
import type { WrongGuessLimits } from '../albums/code-guess-limits';
import { shippingQuote } from '../cart-print/shipping';
import type { MediaFilesService } from '../media/media-files.service';
import { orderCompletion } from './order-completion';
import { orderPayments } from './order-payments';
import { orderPlacement } from './order-placement';
import { orderPresenter } from './order-presenter';
import { orderPricing } from './order-pricing';
import { ordersService } from './orders.service';
import { paymentOptions } from './payment-options';

/** decision (issue 17): an unfinished payment expires after 15 minutes unless PAYMENT_TIMEOUT_MINUTES says otherwise. */
const DEFAULT_PAYMENT_TIMEOUT_MINUTES = 15;

/** The checkout's part of the service graph: providers, pricing, placement, payment and completion. */
export function orderServices(deps: {
  db: Db;
  jobs: JobQueue;
  now: () => Date;
  config: PaymentConfig & { PAYMENT_TIMEOUT_MINUTES?: number };
  payments?: PaymentRegistry;
  mediaFiles: MediaFilesService;
  voucherGuesses: WrongGuessLimits;
}) {
  const { db, jobs, now } = deps;
  const testProvider = testPaymentProvider(db);
  const payments =
    deps.payments ??
    createPaymentProviders({
      db,
      config: deps.config,
      customers: paymentCustomersRepository(db),
      test: testProvider,
    });
  const pricing = orderPricing({ now, quoteShipping: shippingQuote });
  const options = paymentOptions({ payments });
  const completion = orderCompletion({ db, jobs, now });
  const timeoutMs = (deps.config.PAYMENT_TIMEOUT_MINUTES ?? DEFAULT_PAYMENT_TIMEOUT_MINUTES) * 60_000;
  const orderPaymentFlow = orderPayments({ db, jobs, now, payments, completion, timeoutMs });
  const presenter = orderPresenter({ db, mediaFiles: deps.mediaFiles });
  const orders = ordersService({
    db,
    jobs,
    payments,
    placement: orderPlacement({
      db,
      now,
      pricing,
      payments,
      paymentOptions: options,
      reuseForMs: timeoutMs / 2,
    }),
    orderPayments: orderPaymentFlow,
    presenter,
    completion,
    voucherGuesses: deps.voucherGuesses,
  });
  return { testProvider, payments, pricing, options, completion, orderPaymentFlow, presenter, orders };
}
