import {
  ErrorCode,
  type OrganisationBankAccount,
  type updateBankAccountBodySchema,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { PaymentRegistry } from '../../adapters/payments/payment-registry';
import type { Db, Queryable } from '../../db/client';
import { DomainError } from '../../http/errors';
import { sellingSettingsRepository } from '../../repositories/selling-settings.repository';
import { teamRepository } from '../../repositories/team.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';

/**
 * The account an organisation's bank-transfer orders are paid to (issue 19): its own, else the
 * platform's. The checkout's instructions, the success page and the transfer e-mail read it
 * through `ordersRepository.bankAccountFor`. Owners only (selling.manage).
 */
export function bankAccountService(deps: { db: Db; payments: PaymentRegistry }) {
  async function view(db: Queryable, organisationId: number): Promise<OrganisationBankAccount> {
    const repo = sellingSettingsRepository(db);
    const own = await repo.bankAccount(organisationId);
    return {
      account: own ? { beneficiary: own.beneficiary, iban: own.iban, bic: own.bic } : null,
      platform_account: await repo.hasPlatformAccount(),
    };
  }

  return {
    async get(auth: AuthContext, organisationId: number): Promise<OrganisationBankAccount> {
      await consoleAccess(deps.db).organisation(auth, organisationId, 'selling.manage');
      return view(deps.db, organisationId);
    },
    /** The body is checked by the contract: IBAN by length and mod 97, BIC by format, both normalised. */
    async update(
      auth: AuthContext,
      organisationId: number,
      body: z.output<typeof updateBankAccountBodySchema>,
    ): Promise<OrganisationBankAccount> {
      await consoleAccess(deps.db).organisation(auth, organisationId, 'selling.manage');
      await sellingSettingsRepository(deps.db).saveBankAccount(organisationId, body);
      return view(deps.db, organisationId);
    },
    /**
     * Removes the organisation's own account, under its row's lock (an event's methods change under
     * it too): refused while an event still offers bank transfer, since its buyers would be told to
     * pay to an account the organiser gave up, or to the platform's.
     */
    async remove(auth: AuthContext, organisationId: number): Promise<OrganisationBankAccount> {
      await consoleAccess(deps.db).organisation(auth, organisationId, 'selling.manage');
      return deps.db.transaction(async (tx) => {
        await teamRepository(tx).lockOrganisation(organisationId);
        const repo = sellingSettingsRepository(tx);
        const events = deps.payments.methods.includes('bank-transfer')
          ? await repo.eventsOfferingTransfer(organisationId)
          : [];
        if (events.length > 0) {
          const names = events.map((e) => `“${e.name}”`).join(', ');
          throw new DomainError(
            409,
            ErrorCode.bankAccountInUse,
            `The bank account cannot be removed while these events offer bank transfer: ${names}. Turn bank transfer off in their payment methods first.`,
            { events },
          );
        }
        await repo.removeBankAccount(organisationId);
        return view(tx, organisationId);
      });
    },
  };
}
export type BankAccountService = ReturnType<typeof bankAccountService>;
