import {
  type createCampaignBodySchema,
  type listCampaignsQuerySchema,
  makePagination,
  type OrganiserCampaign,
  type Paginated,
  type updateCampaignBodySchema,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import {
  type CampaignChanges,
  type CampaignWithUses,
  organiserVouchersRepository,
} from '../../repositories/organiser-vouchers.repository';
import type { AuthContext } from '../accounts/auth.service';
import type { LinkBaseResolver } from '../accounts/link-base';
import { consoleAccess } from '../organisations/console-access';
import { eventIdsOf, pageOf, withUniqueCode } from './promo-shared';

type ListQuery = z.output<typeof listCampaignsQuerySchema>;
type CreateBody = z.output<typeof createCampaignBodySchema>;
type UpdateBody = z.output<typeof updateCampaignBodySchema>;

const campaignNotFound = () => new NotFoundError('Campaign not found.');
const toDate = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

/**
 * The link a campaign is shared with: the organisation's site's `/preview` with `campaign_code`
 * and, when it expires, `campaign_expires_at` — what the participant's browser keeps until the
 * checkout (albums spec §3 "Campaign"). The server checks the code and its expiry again there.
 */
export function campaignUrl(origin: string, campaign: { code: string; expiresAt: Date | null }): string {
  const url = new URL('/preview', origin);
  url.searchParams.set('campaign_code', campaign.code);
  if (campaign.expiresAt) url.searchParams.set('campaign_expires_at', campaign.expiresAt.toISOString());
  return url.toString();
}

/**
 * The organisation's campaigns in the console (issue 19): a code, a percentage off, an expiry
 * and the events it applies to, with the link to share and the orders that used it.
 * `selling.manage` for every call, as vouchers.
 */
export function organiserCampaignsService(deps: { db: Db; now: () => Date; links: LinkBaseResolver }) {
  const access = consoleAccess(deps.db);
  const repo = (db: Queryable = deps.db) => organiserVouchersRepository(db);

  /** The organisation's own site (its subdomain when branded): from configuration, never from the request. */
  const originOf = (organisationId: number) =>
    deps.links.forRequest({ host: undefined, eventOwnerId: organisationId });

  function present(c: CampaignWithUses, origin: string, now: Date): OrganiserCampaign {
    return {
      id: c.id,
      code: c.code,
      percent_off: c.percentOff,
      expires_at: c.expiresAt?.toISOString() ?? null,
      events: c.events,
      state: c.deactivatedAt ? 'deactivated' : c.expiresAt && c.expiresAt < now ? 'expired' : 'active',
      deactivated_at: c.deactivatedAt?.toISOString() ?? null,
      url: campaignUrl(origin, c),
      orders: c.orders,
      open_orders: c.openOrders,
      created_at: c.createdAt.toISOString(),
    };
  }

  async function presentOne(organisationId: number, campaignId: number): Promise<OrganiserCampaign> {
    const row = await repo().campaign(organisationId, campaignId);
    if (!row) throw campaignNotFound();
    return present(row, await originOf(organisationId), deps.now());
  }

  return {
    async list(
      auth: AuthContext,
      organisationId: number,
      q: ListQuery,
    ): Promise<Paginated<OrganiserCampaign>> {
      await access.organisation(auth, organisationId, 'selling.manage');
      const now = deps.now();
      const [{ rows, total }, origin] = await Promise.all([
        repo().campaigns(organisationId, { search: q.search, status: q.status }, pageOf(q), now),
        originOf(organisationId),
      ]);
      return {
        results: rows.map((c) => present(c, origin, now)),
        pagination: makePagination(total, q.page, q.page_size),
      };
    },

    async create(auth: AuthContext, organisationId: number, body: CreateBody): Promise<OrganiserCampaign> {
      await access.organisation(auth, organisationId, 'selling.manage');
      const eventIds = await eventIdsOf(deps.db, organisationId, body.events ?? []);
      const id = await withUniqueCode(() =>
        deps.db.transaction((tx) =>
          repo(tx).insertCampaign(
            {
              code: body.code,
              organisationId,
              percentOff: body.percent_off,
              expiresAt: toDate(body.expires_at),
            },
            eventIds,
          ),
        ),
      );
      return presentOne(organisationId, id);
    },

    async update(
      auth: AuthContext,
      organisationId: number,
      campaignId: number,
      body: UpdateBody,
    ): Promise<OrganiserCampaign> {
      await access.organisation(auth, organisationId, 'selling.manage');
      const eventIds = body.events ? await eventIdsOf(deps.db, organisationId, body.events) : undefined;
      const changes: CampaignChanges = {};
      if (body.code !== undefined) changes.code = body.code;
      if (body.percent_off !== undefined) changes.percentOff = body.percent_off;
      if (body.expires_at !== undefined) changes.expiresAt = toDate(body.expires_at);
      await withUniqueCode(() =>
        deps.db.transaction(async (tx) => {
          const row = await repo(tx).campaign(organisationId, campaignId, true);
          if (!row) throw campaignNotFound();
          // deactivating again keeps the first moment; reactivating clears it
          if (body.active !== undefined)
            changes.deactivatedAt = body.active ? null : (row.deactivatedAt ?? deps.now());
          await repo(tx).updateCampaign(campaignId, changes, eventIds);
        }),
      );
      return presentOne(organisationId, campaignId);
    },

    /**
     * decision (issue 19): as a voucher, a campaign no order carries is deleted; one that orders
     * carry (paid or awaiting payment) is only deactivated, so the console keeps counting them.
     */
    async remove(
      auth: AuthContext,
      organisationId: number,
      campaignId: number,
    ): Promise<{ outcome: 'deleted' | 'deactivated'; campaign: OrganiserCampaign | null }> {
      await access.organisation(auth, organisationId, 'selling.manage');
      const outcome = await deps.db.transaction(async (tx) => {
        const row = await repo(tx).campaign(organisationId, campaignId, true);
        if (!row) throw campaignNotFound();
        if (row.orders + row.openOrders > 0) {
          if (!row.deactivatedAt)
            await repo(tx).updateCampaign(campaignId, { deactivatedAt: deps.now() }, undefined);
          return 'deactivated' as const;
        }
        await repo(tx).deleteCampaign(campaignId);
        return 'deleted' as const;
      });
      if (outcome === 'deleted') return { outcome, campaign: null };
      return { outcome, campaign: await presentOne(organisationId, campaignId) };
    },
  };
}
export type OrganiserCampaignsService = ReturnType<typeof organiserCampaignsService>;
