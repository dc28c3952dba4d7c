import {
  type CreateCampaignBody,
  type CreateVoucherBody,
  organiserVoucherEndpoints as v,
} from '@fotodrop/contract/api/organiser-vouchers';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';

export const VOUCHERS_PAGE_SIZE = 25;
export const CAMPAIGNS_PAGE_SIZE = 25;

export interface PromoFilters {
  search: string;
  /** '' for all. */
  status: '' | 'active' | 'expired' | 'deactivated';
}

export const voucherKeys = {
  vouchers: (organisationId: number) => ['organiser', 'vouchers', organisationId] as const,
  campaigns: (organisationId: number) => ['organiser', 'campaigns', organisationId] as const,
};

const filterQuery = ({ search, status }: PromoFilters) => ({
  ...(search.trim() ? { search: search.trim() } : {}),
  ...(status ? { status } : {}),
});

/** GET …/organisations/{id}/vouchers/: one page, newest first. */
export function vouchersPageQuery(organisationId: number, filters: PromoFilters, page: number) {
  return queryOptions({
    queryKey: [...voucherKeys.vouchers(organisationId), filters, page] as const,
    queryFn: ({ signal }) =>
      callEndpoint(v.listVouchers, {
        params: { id: organisationId },
        query: { page, page_size: VOUCHERS_PAGE_SIZE, ...filterQuery(filters) },
        signal,
      }),
    // the table keeps its rows while the next page or filter loads
    placeholderData: keepPreviousData,
  });
}

/** GET …/organisations/{id}/campaigns/: one page, newest first. */
export function campaignsPageQuery(organisationId: number, filters: PromoFilters, page: number) {
  const status = filters.status === '' ? undefined : filters.status;
  return queryOptions({
    queryKey: [...voucherKeys.campaigns(organisationId), filters, page] as const,
    queryFn: ({ signal }) =>
      callEndpoint(v.listCampaigns, {
        params: { id: organisationId },
        query: {
          page,
          page_size: CAMPAIGNS_PAGE_SIZE,
          ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
          ...(status ? { status } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const createVoucher = (organisationId: number, body: CreateVoucherBody) =>
  callEndpoint(v.createVoucher, { params: { id: organisationId }, body });

/** The whole voucher as the form holds it, or `{ active }` alone. */
export const updateVoucher = (
  organisationId: number,
  voucherId: number,
  body: Partial<CreateVoucherBody> & { active?: boolean },
) => callEndpoint(v.updateVoucher, { params: { id: organisationId, voucher_id: voucherId }, body });

export const deleteVoucher = (organisationId: number, voucherId: number) =>
  callEndpoint(v.deleteVoucher, { params: { id: organisationId, voucher_id: voucherId } });

export const createCampaign = (organisationId: number, body: CreateCampaignBody) =>
  callEndpoint(v.createCampaign, { params: { id: organisationId }, body });

/** The whole campaign as the form holds it, or `{ active }` alone. */
export const updateCampaign = (
  organisationId: number,
  campaignId: number,
  body: Partial<CreateCampaignBody> & { active?: boolean },
) => callEndpoint(v.updateCampaign, { params: { id: organisationId, campaign_id: campaignId }, body });

export const deleteCampaign = (organisationId: number, campaignId: number) =>
  callEndpoint(v.deleteCampaign, { params: { id: organisationId, campaign_id: campaignId } });

/** An ISO timestamp as a `datetime-local` input shows it, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` input's value (the browser's time zone) as an ISO timestamp; '' is none. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? 'invalid' : d.toISOString();
}
