import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { photoServices } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { orders } from '../db/order-schema';
import { campaignEvents, campaigns, voucherEvents, voucherRedemptions, vouchers } from '../db/voucher-schema';
import { containsPattern } from './like-pattern';
import type { Page } from './organiser-participants.repository';
import type { CampaignRow, VoucherRow } from './vouchers.repository';

export type VoucherInsert = Omit<typeof vouchers.$inferInsert, 'id' | 'createdAt'>;
export type VoucherChanges = Partial<Omit<VoucherInsert, 'organisationId'>>;
export type CampaignInsert = Omit<typeof campaigns.$inferInsert, 'id' | 'createdAt'>;
export type CampaignChanges = Partial<Omit<CampaignInsert, 'organisationId'>>;
export interface PromoEvent {
  slug: string;
  name: string;
}
export type VoucherWithUses = VoucherRow & { uses: number; held: number; events: PromoEvent[] };
export type CampaignWithUses = CampaignRow & { orders: number; openOrders: number; events: PromoEvent[] };

/** Orders that have not been paid yet but hold what they used (a bank transfer's too). */
const OPEN = sql`('awaiting_payment', 'processing', 'pending')`;

/** The organisation's events by slug: the ids of those found (another organisation's are not). */
export async function organisationEventIds(
  db: Queryable,
  organisationId: number,
  slugs: string[],
): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: photoServices.id, slug: photoServices.slug })
    .from(photoServices)
    .where(and(eq(photoServices.organisationId, organisationId), inArray(photoServices.slug, slugs)));
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** The console's vouchers and campaigns of one organisation (issue 19): all their SQL. */
export function organiserVouchersRepository(db: Queryable) {
  // correlated subqueries: the outer row's columns by their table's name (drizzle writes a bare
  // column name here, which the inner query's own columns would capture)
  const voucherId = sql.raw('"vouchers"."id"');
  const uses = sql<number>`(select count(*)::int from ${voucherRedemptions} r join ${orders} o on o.id = r.order_id
    where r.voucher_id = ${voucherId} and o.status not in ${OPEN})`;
  const held = sql<number>`(select count(*)::int from ${voucherRedemptions} r join ${orders} o on o.id = r.order_id
    where r.voucher_id = ${voucherId} and o.status in ${OPEN})`;
  // orders carry the campaign's code as text: those of its organisation made since it exists
  const campaignOrders = (open: boolean) =>
    sql<number>`(select count(*)::int from ${orders} o where upper(o.campaign_code) = upper("campaigns"."code")
      and o.organisation_id = "campaigns"."organisation_id" and o.created_at >= "campaigns"."created_at"
      and o.status ${open ? sql`in` : sql`not in`} ${OPEN} and o.status not in ('failed', 'cancelled'))`;

  async function voucherEventsOf(ids: number[]): Promise<Map<number, PromoEvent[]>> {
    const out = new Map<number, PromoEvent[]>();
    if (ids.length === 0) return out;
    const rows = await db
      .select({ id: voucherEvents.voucherId, slug: photoServices.slug, name: photoServices.name })
      .from(voucherEvents)
      .innerJoin(photoServices, eq(photoServices.id, voucherEvents.photoServiceId))
      .where(inArray(voucherEvents.voucherId, ids))
      .orderBy(asc(photoServices.name));
    for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), { slug: r.slug, name: r.name }]);
    return out;
  }

  async function campaignEventsOf(ids: number[]): Promise<Map<number, PromoEvent[]>> {
    const out = new Map<number, PromoEvent[]>();
    if (ids.length === 0) return out;
    const rows = await db
      .select({ id: campaignEvents.campaignId, slug: photoServices.slug, name: photoServices.name })
      .from(campaignEvents)
      .innerJoin(photoServices, eq(photoServices.id, campaignEvents.photoServiceId))
      .where(inArray(campaignEvents.campaignId, ids))
      .orderBy(asc(photoServices.name));
    for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), { slug: r.slug, name: r.name }]);
    return out;
  }

  function vouchersWhere(organisationId: number, f: VoucherFilters, now: Date): SQL | undefined {
    const notExpired = or(isNull(vouchers.validTo), gte(vouchers.validTo, now));
    return and(
      eq(vouchers.organisationId, organisationId),
      f.search ? ilike(vouchers.code, containsPattern(f.search)) : undefined,
      f.status === 'deactivated' ? isNotNull(vouchers.deactivatedAt) : undefined,
      f.status === 'expired' ? and(isNull(vouchers.deactivatedAt), lt(vouchers.validTo, now)) : undefined,
      f.status === 'active' ? and(isNull(vouchers.deactivatedAt), notExpired) : undefined,
    );
  }

  function campaignsWhere(organisationId: number, f: CampaignFilters, now: Date): SQL | undefined {
    const notExpired = or(isNull(campaigns.expiresAt), gte(campaigns.expiresAt, now));
    return and(
      eq(campaigns.organisationId, organisationId),
      f.search ? ilike(campaigns.code, containsPattern(f.search)) : undefined,
      f.status === 'deactivated' ? isNotNull(campaigns.deactivatedAt) : undefined,
      f.status === 'expired' ? and(isNull(campaigns.deactivatedAt), lt(campaigns.expiresAt, now)) : undefined,
      f.status === 'active' ? and(isNull(campaigns.deactivatedAt), notExpired) : undefined,
    );
  }

  /** Replaces the events a voucher applies to. */
  async function setVoucherEvents(voucherId: number, eventIds: number[]): Promise<void> {
    await db.delete(voucherEvents).where(eq(voucherEvents.voucherId, voucherId));
    if (eventIds.length === 0) return;
    await db.insert(voucherEvents).values(eventIds.map((photoServiceId) => ({ voucherId, photoServiceId })));
  }

  /** Replaces the events a campaign applies to. */
  async function setCampaignEvents(campaignId: number, eventIds: number[]): Promise<void> {
    await db.delete(campaignEvents).where(eq(campaignEvents.campaignId, campaignId));
    if (eventIds.length === 0) return;
    await db
      .insert(campaignEvents)
      .values(eventIds.map((photoServiceId) => ({ campaignId, photoServiceId })));
  }

  return {
    /** One page of the organisation's vouchers, newest first, with their uses and events. */
    async vouchers(organisationId: number, filters: VoucherFilters, page: Page, now: Date) {
      const where = vouchersWhere(organisationId, filters, now);
      const [rows, [total]] = await Promise.all([
        db
          .select({ voucher: vouchers, uses, held })
          .from(vouchers)
          .where(where)
          .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(vouchers).where(where),
      ]);
      const events = await voucherEventsOf(rows.map((r) => r.voucher.id));
      const list: VoucherWithUses[] = rows.map((r) => ({
        ...r.voucher,
        uses: Number(r.uses),
        held: Number(r.held),
        events: events.get(r.voucher.id) ?? [],
      }));
      return { rows: list, total: total?.n ?? 0 };
    },

    /** One voucher of the organisation, with its uses and events; `lock` holds its row until the commit. */
    async voucher(
      organisationId: number,
      voucherId: number,
      lock = false,
    ): Promise<VoucherWithUses | undefined> {
      const query = db
        .select({ voucher: vouchers })
        .from(vouchers)
        .where(and(eq(vouchers.organisationId, organisationId), eq(vouchers.id, voucherId)));
      const [row] = lock ? await query.for('update') : await query;
      if (!row) return undefined;
      const [counts] = await db.select({ uses, held }).from(vouchers).where(eq(vouchers.id, voucherId));
      const events = await voucherEventsOf([voucherId]);
      return {
        ...row.voucher,
        uses: Number(counts?.uses ?? 0),
        held: Number(counts?.held ?? 0),
        events: events.get(voucherId) ?? [],
      };
    },

    async insertVoucher(row: VoucherInsert, eventIds: number[]): Promise<number> {
      const [made] = await db.insert(vouchers).values(row).returning({ id: vouchers.id });
      if (!made) throw new Error('voucher insert returned nothing');
      await setVoucherEvents(made.id, eventIds);
      return made.id;
    },

    async updateVoucher(
      voucherId: number,
      changes: VoucherChanges,
      eventIds: number[] | undefined,
    ): Promise<void> {
      if (Object.keys(changes).length > 0)
        await db.update(vouchers).set(changes).where(eq(vouchers.id, voucherId));
      if (eventIds !== undefined) await setVoucherEvents(voucherId, eventIds);
    },

    /** Whether any order used or holds it (its history must stay). */
    async voucherUsed(voucherId: number): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(voucherRedemptions)
        .where(eq(voucherRedemptions.voucherId, voucherId));
      return (row?.n ?? 0) > 0;
    },

    async deleteVoucher(voucherId: number): Promise<void> {
      await db.delete(vouchers).where(eq(vouchers.id, voucherId));
    },

    /** One page of the organisation's campaigns, newest first, with the orders that used them. */
    async campaigns(organisationId: number, filters: CampaignFilters, page: Page, now: Date) {
      const where = campaignsWhere(organisationId, filters, now);
      const [rows, [total]] = await Promise.all([
        db
          .select({ campaign: campaigns, paid: campaignOrders(false), open: campaignOrders(true) })
          .from(campaigns)
          .where(where)
          .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(campaigns).where(where),
      ]);
      const events = await campaignEventsOf(rows.map((r) => r.campaign.id));
      const list: CampaignWithUses[] = rows.map((r) => ({
        ...r.campaign,
        orders: Number(r.paid),
        openOrders: Number(r.open),
        events: events.get(r.campaign.id) ?? [],
      }));
      return { rows: list, total: total?.n ?? 0 };
    },

    /** One campaign of the organisation with its orders and events; `lock` holds its row until the commit. */
    async campaign(
      organisationId: number,
      campaignId: number,
      lock = false,
    ): Promise<CampaignWithUses | undefined> {
      const query = db
        .select({ campaign: campaigns, paid: campaignOrders(false), open: campaignOrders(true) })
        .from(campaigns)
        .where(and(eq(campaigns.organisationId, organisationId), eq(campaigns.id, campaignId)));
      const [row] = lock ? await query.for('update', { of: campaigns }) : await query;
      if (!row) return undefined;
      const events = await campaignEventsOf([campaignId]);
      return {
        ...row.campaign,
        orders: Number(row.paid),
        openOrders: Number(row.open),
        events: events.get(campaignId) ?? [],
      };
    },

    async insertCampaign(row: CampaignInsert, eventIds: number[]): Promise<number> {
      const [made] = await db.insert(campaigns).values(row).returning({ id: campaigns.id });
      if (!made) throw new Error('campaign insert returned nothing');
      await setCampaignEvents(made.id, eventIds);
      return made.id;
    },

    async updateCampaign(
      campaignId: number,
      changes: CampaignChanges,
      eventIds: number[] | undefined,
    ): Promise<void> {
      if (Object.keys(changes).length > 0)
        await db.update(campaigns).set(changes).where(eq(campaigns.id, campaignId));
      if (eventIds !== undefined) await setCampaignEvents(campaignId, eventIds);
    },

    async deleteCampaign(campaignId: number): Promise<void> {
      await db.delete(campaigns).where(eq(campaigns.id, campaignId));
    },
  };
}

export interface VoucherFilters {
  search?: string | undefined;
  status?: 'active' | 'expired' | 'deactivated' | undefined;
}

export interface CampaignFilters {
  search?: string | undefined;
  status?: 'active' | 'expired' | 'deactivated' | undefined;
}
