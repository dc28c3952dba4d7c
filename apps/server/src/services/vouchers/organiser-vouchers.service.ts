import {
  type createVoucherBodySchema,
  type listVouchersQuerySchema,
  makePagination,
  type OrganiserVoucher,
  type Paginated,
  type updateVoucherBodySchema,
  type VoucherKind,
  voucherValueIssue,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { NotFoundError, ValidationError } from '../../http/errors';
import {
  organiserVouchersRepository,
  type VoucherChanges,
  type VoucherWithUses,
} from '../../repositories/organiser-vouchers.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';
import { eventIdsOf, pageOf, withUniqueCode } from './promo-shared';
import { presentVoucher, storedKind, storedValue, wireKind, wireValue } from './voucher-dto';

type ListQuery = z.output<typeof listVouchersQuerySchema>;
type CreateBody = z.output<typeof createVoucherBodySchema>;
type UpdateBody = z.output<typeof updateVoucherBodySchema>;

const voucherNotFound = () => new NotFoundError('Voucher not found.');
const toDate = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

/**
 * The organisation's vouchers in the console (issue 19): create, list with their uses, change,
 * deactivate and delete. Every call needs `selling.manage` (owners; staff). The checkout reads the
 * same rows (orders/order-pricing.ts), so what is saved here applies to the next cart at once;
 * orders already placed keep their discount.
 */
export function organiserVouchersService(deps: { db: Db; now: () => Date }) {
  const access = consoleAccess(deps.db);
  const repo = (db: Queryable = deps.db) => organiserVouchersRepository(db);

  /** The currency a fixed voucher counts in: the one given, else the one it had, else the organisation's. */
  function currencyFor(kind: VoucherKind, given: string | undefined, fallback: string | null): string | null {
    if (kind !== 'fixed') return null;
    const currency = given ?? fallback;
    if (!currency) throw new ValidationError({ currency: ['field.required'] });
    return currency;
  }

  async function load(db: Queryable, organisationId: number, voucherId: number, lock = false) {
    const row = await repo(db).voucher(organisationId, voucherId, lock);
    if (!row) throw voucherNotFound();
    return row;
  }

  /** The voucher after a change, checked as a whole: the value for the kind, the period. */
  function merged(
    row: VoucherWithUses,
    body: UpdateBody,
    organisationCurrency: string | null,
  ): VoucherChanges {
    const kind = body.kind ?? wireKind(row.kind);
    const kindChanged = kind !== wireKind(row.kind);
    if (kindChanged && body.value === undefined) throw new ValidationError({ value: ['field.required'] });
    const value = body.value ?? wireValue(row);
    const issue = voucherValueIssue(kind, value);
    if (issue) throw new ValidationError({ value: [issue] });
    const validFrom = body.valid_from !== undefined ? toDate(body.valid_from) : row.validFrom;
    const validTo = body.valid_to !== undefined ? toDate(body.valid_to) : row.validTo;
    if (validFrom && validTo && validTo <= validFrom)
      throw new ValidationError({ valid_to: ['valid_to.before_valid_from'] });
    const currency = currencyFor(kind, body.currency, row.currency ?? organisationCurrency);
    const changes: VoucherChanges = {
      kind: storedKind(kind),
      value: storedValue(kind, value, currency),
      currency,
      validFrom,
      validTo,
    };
    if (body.code !== undefined) changes.code = body.code;
    if (body.max_uses !== undefined) changes.maxUses = body.max_uses;
    if (body.max_uses_per_account !== undefined) changes.maxUsesPerAccount = body.max_uses_per_account;
    if (body.active !== undefined) {
      // deactivating again keeps the first moment; reactivating clears it
      changes.deactivatedAt = body.active ? null : (row.deactivatedAt ?? deps.now());
    }
    return changes;
  }

  return {
    async list(
      auth: AuthContext,
      organisationId: number,
      q: ListQuery,
    ): Promise<Paginated<OrganiserVoucher>> {
      await access.organisation(auth, organisationId, 'selling.manage');
      const now = deps.now();
      const { rows, total } = await repo().vouchers(
        organisationId,
        { search: q.search, status: q.status },
        pageOf(q),
        now,
      );
      return {
        results: rows.map((v) => presentVoucher(v, now)),
        pagination: makePagination(total, q.page, q.page_size),
      };
    },

    async create(auth: AuthContext, organisationId: number, body: CreateBody): Promise<OrganiserVoucher> {
      const { organisation } = await access.organisation(auth, organisationId, 'selling.manage');
      const eventIds = await eventIdsOf(deps.db, organisationId, body.events ?? []);
      const currency = currencyFor(body.kind, body.currency, organisation.currency);
      const id = await withUniqueCode(() =>
        deps.db.transaction((tx) =>
          repo(tx).insertVoucher(
            {
              code: body.code,
              organisationId,
              kind: storedKind(body.kind),
              value: storedValue(body.kind, body.value, currency),
              currency,
              maxUses: body.max_uses ?? null,
              // decision (issue 19): absent means once per account, as every voucher was before
              maxUsesPerAccount: body.max_uses_per_account === undefined ? 1 : body.max_uses_per_account,
              validFrom: toDate(body.valid_from),
              validTo: toDate(body.valid_to),
            },
            eventIds,
          ),
        ),
      );
      return presentVoucher(await load(deps.db, organisationId, id), deps.now());
    },

    async update(
      auth: AuthContext,
      organisationId: number,
      voucherId: number,
      body: UpdateBody,
    ): Promise<OrganiserVoucher> {
      const { organisation } = await access.organisation(auth, organisationId, 'selling.manage');
      const eventIds = body.events ? await eventIdsOf(deps.db, organisationId, body.events) : undefined;
      await withUniqueCode(() =>
        deps.db.transaction(async (tx) => {
          // the row lock orders this change with a checkout reserving a use of the same voucher
          const row = await load(tx, organisationId, voucherId, true);
          await repo(tx).updateVoucher(voucherId, merged(row, body, organisation.currency), eventIds);
        }),
      );
      return presentVoucher(await load(deps.db, organisationId, voucherId), deps.now());
    },

    /**
     * decision (issue 19): a voucher no order used is deleted; one an order used or holds is only
     * deactivated, so the orders' history (and the usage counts) keep naming it.
     */
    async remove(
      auth: AuthContext,
      organisationId: number,
      voucherId: number,
    ): Promise<{ outcome: 'deleted' | 'deactivated'; voucher: OrganiserVoucher | null }> {
      await access.organisation(auth, organisationId, 'selling.manage');
      const outcome = await deps.db.transaction(async (tx) => {
        const row = await load(tx, organisationId, voucherId, true);
        if (await repo(tx).voucherUsed(voucherId)) {
          if (!row.deactivatedAt)
            await repo(tx).updateVoucher(voucherId, { deactivatedAt: deps.now() }, undefined);
          return 'deactivated' as const;
        }
        await repo(tx).deleteVoucher(voucherId);
        return 'deleted' as const;
      });
      if (outcome === 'deleted') return { outcome, voucher: null };
      return { outcome, voucher: presentVoucher(await load(deps.db, organisationId, voucherId), deps.now()) };
    },
  };
}
export type OrganiserVouchersService = ReturnType<typeof organiserVouchersService>;
