import { randomBytes } from 'node:crypto';
import type { PaymentMethodId, SavedCard } from '@fotodrop/contract';
import type { PaymentFailureReason } from '@fotodrop/contract/rules/payment-failure';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { testPaymentCards, testPaymentIntents } from '../../db/order-schema';
import { testPaymentRefunds } from '../../db/refund-schema';
import { NotFoundError } from '../../http/errors';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type RefundLookup,
  RefundRefusedError,
} from './payment-provider';

/** The test cards (issue 9): the numbers Stripe's test mode uses for the same outcomes. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  needsSecondConfirm: '4000000000003220',
} as const;

// A failure is kept as our reason (issue 17: the contract's PAYMENT_FAILURE_REASONS), as the real providers' are.
export const DECLINED_MESSAGE: PaymentFailureReason = 'declined';
export const NOT_A_TEST_CARD_MESSAGE: PaymentFailureReason = 'test_cards_only';
export const REFUSED_ON_PAGE_MESSAGE: PaymentFailureReason = 'refused_on_page';
export const SECOND_CONFIRM_MESSAGE = 'Confirm the payment with your bank to finish.';

const REDIRECT_METHODS: readonly PaymentMethodId[] = ['ideal', 'p24', 'mercado-pago'];

const TEST_BANKS: Record<string, { id: string; name: string }[]> = {
  ideal: [
    { id: 'abn_amro', name: 'ABN AMRO (test)' },
    { id: 'ing', name: 'ING (test)' },
    { id: 'rabobank', name: 'Rabobank (test)' },
  ],
  p24: [
    { id: 'mbank', name: 'mBank (test)' },
    { id: 'pko_bank_polski', name: 'PKO Bank Polski (test)' },
    { id: 'santander_przelew24', name: 'Santander (test)' },
  ],
};

export type TestIntentRow = typeof testPaymentIntents.$inferSelect;

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;

function toPayment(row: TestIntentRow): ProviderPayment {
  return {
    providerRef: row.id,
    status: row.status as ProviderPaymentStatus,
    clientSecret: REDIRECT_METHODS.includes(row.method) ? null : row.id,
    redirectUrl: REDIRECT_METHODS.includes(row.method) ? testPageUrl(row) : null,
    message: row.message,
    amountMinor: row.amount,
    currency: row.currency,
  };
}

/** The test provider's own page, on the origin the payment returns to (built from configuration). */
function testPageUrl(row: TestIntentRow): string | null {
  if (!row.returnUrl) return null;
  return `${new URL(row.returnUrl).origin}/test-payments/${row.id}`;
}

export type TestConfirmInput = {
  card_number?: string | undefined;
  outcome?: 'authorize' | 'fail' | undefined;
};

/**
 * The built-in test provider: a payment provider's servers inside ours, with their own tables. It
 * serves every method whose real provider has no keys, so a fresh installation sells for real on
 * the demo. It never moves money; the checkout shows a test-mode band while it is active.
 */
export function testPaymentProvider(db: Queryable) {
  async function find(id: string): Promise<TestIntentRow> {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    if (!row) throw new NotFoundError('Payment not found.');
    return row;
  }

  /** Moves an intent on only from the state it was read in: concurrent confirms apply once. */
  async function transition(
    row: TestIntentRow,
    next: Partial<Pick<TestIntentRow, 'status' | 'message' | 'confirms'>>,
  ): Promise<TestIntentRow> {
    const [updated] = await db
      .update(testPaymentIntents)
      .set(next)
      .where(
        and(
          eq(testPaymentIntents.id, row.id),
          eq(testPaymentIntents.status, row.status),
          eq(testPaymentIntents.confirms, row.confirms),
        ),
      )
      .returning();
    return updated ?? find(row.id);
  }

  async function saveCard(row: TestIntentRow, last4: string): Promise<void> {
    const existing = await db.select().from(testPaymentCards).where(eq(testPaymentCards.userId, row.userId));
    if (existing.some((c) => c.last4 === last4)) return;
    const year = new Date().getUTCFullYear() + 3;
    await db.insert(testPaymentCards).values({
      id: newId('pm_test'),
      userId: row.userId,
      brand: 'visa',
      last4,
      expMonth: 12,
      expYear: year,
      isDefault: existing.length === 0,
    });
  }

  const cardDto = (c: typeof testPaymentCards.$inferSelect): SavedCard => ({
    id: c.id,
    brand: c.brand,
    last4: c.last4,
    exp_month: c.expMonth,
    exp_year: c.expYear,
    is_default: c.isDefault,
  });

  async function ownCard(userId: number, cardId: string) {
    const [card] = await db
      .select()
      .from(testPaymentCards)
      .where(and(eq(testPaymentCards.id, cardId), eq(testPaymentCards.userId, userId)));
    if (!card) throw new NotFoundError('Card not found.');
    return card;
  }

  const provider = {
    id: 'test' as const,
    publicKey: null,

    async create(input: CreatePaymentInput): Promise<ProviderPayment> {
      const card = input.savedCardId ? await ownCard(input.customer.userId, input.savedCardId) : null;
      const [row] = await db
        .insert(testPaymentIntents)
        .values({
          id: newId('ti'),
          idempotencyKey: input.idempotencyKey,
          userId: input.customer.userId,
          amount: input.amountMinor,
          currency: input.currency,
          method: input.method,
          // A saved card is charged at once, as a card on file is.
          status: card ? 'succeeded' : 'requires_action',
          description: input.description,
          returnUrl: input.returnUrl,
          saveCard: input.saveCard,
          savedCardId: card?.id ?? null,
        })
        // The same idempotency key answers the intent it created the first time.
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey })
        .returning();
      if (row) return toPayment(row);
      const [existing] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.idempotencyKey, input.idempotencyKey));
      if (!existing) throw new Error('test provider: idempotent create found nothing');
      return toPayment(existing);
    },

    async retrieve(providerRef: string): Promise<ProviderPayment> {
      return toPayment(await find(providerRef));
    },

    async cancel(providerRef: string): Promise<void> {
      await db
        .update(testPaymentIntents)
        .set({ status: 'canceled' })
        .where(and(eq(testPaymentIntents.id, providerRef), sql`${testPaymentIntents.status} <> 'succeeded'`));
    },

    /**
     * A refund as a provider makes one (issue 19): once per idempotency key — the same key answers
     * the refund it made —, never more than what is left of the payment, only of a paid intent. The
     * refund row and the intent's refunded sum change in one transaction, so concurrent calls with
     * different keys cannot together refund more than was paid.
     */
    async refund(providerRef: string, amountMinor: number, idempotencyKey: string) {
      const intent = await find(providerRef);
      return db.transaction(async (tx) => {
        // the key first: a concurrent call with the same key waits here, then answers this refund
        const [made] = await tx
          .insert(testPaymentRefunds)
          .values({ id: newId('tr'), intentId: intent.id, amount: amountMinor, idempotencyKey })
          .onConflictDoNothing({ target: testPaymentRefunds.idempotencyKey })
          .returning();
        if (!made) {
          // on the transaction: PGlite has one connection, a query beside it would wait forever
          const [earlier] = await tx
            .select()
            .from(testPaymentRefunds)
            .where(eq(testPaymentRefunds.idempotencyKey, idempotencyKey));
          if (!earlier) throw new Error('test provider: idempotent refund found nothing');
          return { refundRef: earlier.id };
        }
        const taken = await tx
          .update(testPaymentIntents)
          .set({ refunded: sql`${testPaymentIntents.refunded} + ${amountMinor}` })
          .where(
            and(
              eq(testPaymentIntents.id, intent.id),
              eq(testPaymentIntents.status, 'succeeded'),
              sql`${testPaymentIntents.refunded} + ${amountMinor} <= ${testPaymentIntents.amount}`,
              sql`${amountMinor} > 0`,
            ),
          )
          .returning({ id: testPaymentIntents.id });
        // thrown inside the transaction: the refund row goes too
        if (taken.length === 0)
          throw new RefundRefusedError(
            intent.status === 'succeeded'
              ? 'The refund is more than what is left of the payment.'
              : 'The payment was not captured.',
          );
        return { refundRef: made.id };
      });
    },

    async findRefund(_providerRef: string, wanted: { idempotencyKey: string }): Promise<RefundLookup> {
      const [made] = await db
        .select({ id: testPaymentRefunds.id })
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.idempotencyKey, wanted.idempotencyKey));
      return made ? { state: 'succeeded', refundRef: made.id } : { state: 'none' };
    },

    banks(method: PaymentMethodId) {
      return TEST_BANKS[method] ?? [];
    },

    savedCards: {
      async list(customer: { userId: number }): Promise<SavedCard[]> {
        const cards = await db
          .select()
          .from(testPaymentCards)
          .where(eq(testPaymentCards.userId, customer.userId))
          .orderBy(asc(testPaymentCards.createdAt), asc(testPaymentCards.id));
        return cards.map(cardDto);
      },
      async setDefault(customer: { userId: number }, cardId: string): Promise<SavedCard> {
        const card = await ownCard(customer.userId, cardId);
        await db
          .update(testPaymentCards)
          .set({ isDefault: sql`${testPaymentCards.id} = ${card.id}` })
          .where(eq(testPaymentCards.userId, customer.userId));
        return cardDto({ ...card, isDefault: true });
      },
      async detach(customer: { userId: number }, cardId: string): Promise<void> {
        const card = await ownCard(customer.userId, cardId);
        await db.delete(testPaymentCards).where(eq(testPaymentCards.id, card.id));
      },
    },

    /** The intent as its owner's browser sees it (the test page, the card form). */
    async intentOf(userId: number, intentId: string): Promise<TestIntentRow> {
      const row = await find(intentId);
      if (row.userId !== userId) throw new NotFoundError('Payment not found.');
      return row;
    },

    /**
     * The browser's confirm: a test card for card payments, or the choice made on the test page for
     * redirect methods. Finished intents answer as they are.
     */
    async confirm(userId: number, intentId: string, input: TestConfirmInput): Promise<TestIntentRow> {
      const row = await provider.intentOf(userId, intentId);
      if (row.status !== 'requires_action' && row.status !== 'processing') return row;
      if (input.outcome) {
        return input.outcome === 'authorize'
          ? transition(row, { status: 'succeeded', message: null, confirms: row.confirms + 1 })
          : transition(row, {
              status: 'failed',
              message: REFUSED_ON_PAGE_MESSAGE,
              confirms: row.confirms + 1,
            });
      }
      const number = input.card_number ?? '';
      if (number === TEST_CARDS.succeeds) {
        const done = await transition(row, {
          status: 'succeeded',
          message: null,
          confirms: row.confirms + 1,
        });
        if (done.status === 'succeeded' && row.saveCard) await saveCard(row, number.slice(-4));
        return done;
      }
      if (number === TEST_CARDS.needsSecondConfirm) {
        return row.confirms === 0
          ? transition(row, { status: 'processing', message: SECOND_CONFIRM_MESSAGE, confirms: 1 })
          : transition(row, { status: 'succeeded', message: null, confirms: row.confirms + 1 });
      }
      const message = number === TEST_CARDS.declines ? DECLINED_MESSAGE : NOT_A_TEST_CARD_MESSAGE;
      return transition(row, { status: 'failed', message, confirms: row.confirms + 1 });
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}
export type TestPaymentProvider = ReturnType<typeof testPaymentProvider>;
