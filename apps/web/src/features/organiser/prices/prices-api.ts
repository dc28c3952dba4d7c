import {
  type PriceListBody,
  organiserPriceEndpoints as p,
  type updatePriceSheetBodySchema,
} from '@fotodrop/contract/api/organiser-prices';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../shared/api/client';

export const pricesKeys = {
  all: (slug: string) => ['organiser', 'prices', slug] as const,
  event: (slug: string) => ['organiser', 'prices', slug, 'event'] as const,
  gallery: (slug: string, id: number) => ['organiser', 'prices', slug, 'gallery', id] as const,
  sheets: (organisationId: number) => ['organiser', 'price-sheets', organisationId] as const,
};

/** GET …/events/{slug}/price-list/: the event's entries and packages, and galleries with their own. */
export function eventPriceListQuery(slug: string) {
  return queryOptions({
    queryKey: pricesKeys.event(slug),
    queryFn: ({ signal }) => callEndpoint(p.eventPriceList, { params: { slug }, signal }),
  });
}

/** GET …/galleries/{id}/price-list/: what the gallery's participants read, and whence. */
export function galleryPriceListQuery(slug: string, id: number) {
  return queryOptions({
    queryKey: pricesKeys.gallery(slug, id),
    queryFn: ({ signal }) => callEndpoint(p.galleryPriceList, { params: { slug, id }, signal }),
  });
}

/** GET …/organisations/{id}/price-sheets/ (owners). */
export function priceSheetsQuery(organisationId: number) {
  return queryOptions({
    queryKey: pricesKeys.sheets(organisationId),
    queryFn: ({ signal }) => callEndpoint(p.listPriceSheets, { params: { id: organisationId }, signal }),
  });
}

export const putEventPriceList = (slug: string, body: PriceListBody) =>
  callEndpoint(p.putEventPriceList, { params: { slug }, body });
export const putGalleryPriceList = (slug: string, id: number, body: PriceListBody) =>
  callEndpoint(p.putGalleryPriceList, { params: { slug, id }, body });
export const deleteGalleryPriceList = (slug: string, id: number) =>
  callEndpoint(p.deleteGalleryPriceList, { params: { slug, id } });
export const applyPriceSheet = (slug: string, sheetId: number, galleryId: number | null) =>
  callEndpoint(p.applyPriceSheet, { params: { slug }, body: { sheet_id: sheetId, gallery_id: galleryId } });

export const createPriceSheet = (organisationId: number, body: PriceListBody & { name: string }) =>
  callEndpoint(p.createPriceSheet, { params: { id: organisationId }, body });
export const updatePriceSheet = (
  organisationId: number,
  sheetId: number,
  body: z.input<typeof updatePriceSheetBodySchema>,
) => callEndpoint(p.updatePriceSheet, { params: { id: organisationId, sheet_id: sheetId }, body });
export const deletePriceSheet = (organisationId: number, sheetId: number) =>
  callEndpoint(p.deletePriceSheet, { params: { id: organisationId, sheet_id: sheetId } });
