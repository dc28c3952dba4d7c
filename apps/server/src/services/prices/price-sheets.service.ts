import {
  type createPriceSheetBodySchema,
  PRICE_SHEETS_MAX,
  type PriceSheet,
  type updatePriceSheetBodySchema,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../http/errors';
import { type PriceSheetRow, priceSheetsRepository } from '../../repositories/price-sheets.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';
import { assertPriceList, rowsOf } from './price-rows';

type CreateBody = z.output<typeof createPriceSheetBodySchema>;
type UpdateBody = z.output<typeof updatePriceSheetBodySchema>;

const sheetNotFound = () => new NotFoundError('Price sheet not found.');

export const toPriceSheet = (row: PriceSheetRow): PriceSheet => ({
  id: row.id,
  name: row.name,
  currency: row.currency,
  items: row.items,
  packages: row.packages,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * An organisation's reusable price lists (issue 19), owners only (selling.manage). A sheet is
 * copied when applied (prices.service `applySheet`): changing or deleting one changes no event.
 */
export function priceSheetsService(deps: { db: Db; now: () => Date }) {
  const access = () => consoleAccess(deps.db);
  const repo = () => priceSheetsRepository(deps.db);

  return {
    async list(auth: AuthContext, organisationId: number): Promise<{ results: PriceSheet[] }> {
      await access().organisation(auth, organisationId, 'selling.manage');
      return { results: (await repo().list(organisationId)).map(toPriceSheet) };
    },

    async create(auth: AuthContext, organisationId: number, body: CreateBody): Promise<PriceSheet> {
      await access().organisation(auth, organisationId, 'selling.manage');
      if ((await repo().count(organisationId)) >= PRICE_SHEETS_MAX) {
        throw new ValidationError(
          { non_field_errors: ['price_sheets.too_many'] },
          `An organisation keeps at most ${PRICE_SHEETS_MAX} price sheets: delete one first.`,
        );
      }
      const { name, ...list } = body;
      return toPriceSheet(
        await repo().insert(organisationId, { name, currency: list.currency, ...rowsOf(list) }),
      );
    },

    /** Changes the given fields; the sheet as it would be after is checked as a whole. */
    async update(
      auth: AuthContext,
      organisationId: number,
      sheetId: number,
      body: UpdateBody,
    ): Promise<PriceSheet> {
      await access().organisation(auth, organisationId, 'selling.manage');
      return deps.db.transaction(async (tx) => {
        const sheets = priceSheetsRepository(tx);
        const row = await sheets.lock(organisationId, sheetId);
        if (!row) throw sheetNotFound();
        const list = {
          currency: body.currency ?? row.currency,
          items: body.items ?? row.items,
          packages: body.packages ?? row.packages,
        };
        assertPriceList(list, list.currency);
        const fields = { name: body.name ?? row.name, currency: list.currency, ...rowsOf(list) };
        return toPriceSheet(await sheets.update(organisationId, sheetId, fields, deps.now()));
      });
    },

    async remove(auth: AuthContext, organisationId: number, sheetId: number): Promise<{ detail: string }> {
      await access().organisation(auth, organisationId, 'selling.manage');
      if (!(await repo().remove(organisationId, sheetId))) throw sheetNotFound();
      return { detail: 'Price sheet deleted; events keep the prices copied from it.' };
    },
  };
}
