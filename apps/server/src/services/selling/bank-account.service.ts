import type { OrganisationBankAccount, updateBankAccountBodySchema } from '@fotodrop/contract';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { sellingSettingsRepository } from '../../repositories/selling-settings.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';

/**
 * The account an organisation's bank-transfer orders are paid to (issue 19): its own, else the
 * platform's. The checkout's instructions, the success page and the transfer e-mail read it
 * through `ordersRepository.bankAccountFor`. Owners only (selling.manage).
 */
export function bankAccountService(deps: { db: Db }) {
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
  };
}
export type BankAccountService = ReturnType<typeof bankAccountService>;
