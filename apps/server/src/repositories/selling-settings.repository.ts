import type { PaymentMethodId } from '@fotodrop/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { photoServices } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { bankAccounts, eventPaymentSettings } from '../db/order-schema';

export type EventPaymentSettingsRow = typeof eventPaymentSettings.$inferSelect;
export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** What an organisation sets for selling (issue 19): an event's payment methods, its bank account. */
export function sellingSettingsRepository(db: Queryable) {
  return {
    async paymentSettings(photoServiceId: number): Promise<EventPaymentSettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(eventPaymentSettings)
        .where(eq(eventPaymentSettings.photoServiceId, photoServiceId));
      return row;
    },
    async savePaymentSettings(
      photoServiceId: number,
      methods: PaymentMethodId[],
      confirmMessages: Partial<Record<PaymentMethodId, string>>,
    ): Promise<void> {
      await db
        .insert(eventPaymentSettings)
        .values({ photoServiceId, methods, confirmMessages })
        .onConflictDoUpdate({
          target: eventPaymentSettings.photoServiceId,
          set: { methods, confirmMessages },
        });
    },
    async removePaymentSettings(photoServiceId: number): Promise<void> {
      await db.delete(eventPaymentSettings).where(eq(eventPaymentSettings.photoServiceId, photoServiceId));
    },

    /** The organisation's own account (not the platform's). */
    async bankAccount(organisationId: number): Promise<BankAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.organisationId, organisationId));
      return row;
    },
    async hasPlatformAccount(): Promise<boolean> {
      const rows = await db
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(isNull(bankAccounts.organisationId))
        .limit(1);
      return rows.length > 0;
    },
    async removeBankAccount(organisationId: number): Promise<void> {
      await db.delete(bankAccounts).where(eq(bankAccounts.organisationId, organisationId));
    },
    /** The organisation's events whose checkout offers bank transfer (no row: every method). */
    async eventsOfferingTransfer(organisationId: number): Promise<{ slug: string; name: string }[]> {
      return db
        .select({ slug: photoServices.slug, name: photoServices.name })
        .from(photoServices)
        .leftJoin(eventPaymentSettings, eq(eventPaymentSettings.photoServiceId, photoServices.id))
        .where(
          and(
            eq(photoServices.organisationId, organisationId),
            or(
              isNull(eventPaymentSettings.photoServiceId),
              sql`'bank-transfer' = any(${eventPaymentSettings.methods})`,
            ),
          ),
        )
        .orderBy(photoServices.name, photoServices.id);
    },
    async saveBankAccount(
      organisationId: number,
      account: { beneficiary: string; iban: string; bic: string },
    ): Promise<void> {
      await db
        .insert(bankAccounts)
        .values({ organisationId, ...account })
        .onConflictDoUpdate({ target: bankAccounts.organisationId, set: account });
    },
  };
}
