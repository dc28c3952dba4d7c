import type { cartEndpoints } from '@fotodrop/contract/api/cart';
import { CART_ITEM_MEDIAS_PAGE_SIZE, type OrderType } from '@fotodrop/contract/constants';
import type { BodyOf } from '@fotodrop/contract/endpoint';
import { cartRoutes } from '@fotodrop/contract/routes';
import { callEndpoint } from '../../../shared/api/client';
import { endpointRoutes } from '../../../shared/api/endpoint-routes';

/** The cart's calls (albums spec §7 "Cart and orders"), typed by the contract. */

type Cart = typeof cartEndpoints;

/** The cart's endpoints as method and path only: the header's cart count loads this module. */
export const cartEndpointRoutes = endpointRoutes<Cart>(cartRoutes);

export type NewDigitalItem = BodyOf<Cart['createDigitalItem']>;

/** GET /cart/digital-items/: the user's lines, newest first. */
export async function fetchDigitalItems(signal?: AbortSignal) {
  return (await callEndpoint(cartEndpointRoutes.digitalItems, { signal })).results;
}

/** POST /cart/digital-items/: a pick (merged into the album's pick) or a package. */
export function createDigitalItem(body: NewDigitalItem) {
  return callEndpoint(cartEndpointRoutes.createDigitalItem, { body });
}

/** PATCH …/add-medias/ or …/remove-medias/ (removing turns the line into a pick). */
export function changeItemMedias(id: number, change: 'add' | 'remove', mediaIds: number[]) {
  const endpoint = change === 'add' ? cartEndpointRoutes.addMedias : cartEndpointRoutes.removeMedias;
  return callEndpoint(endpoint, { params: { id }, body: { media_ids: mediaIds } });
}

/** PATCH …/set-type/: what the line buys. */
export function setItemType(id: number, type: OrderType) {
  return callEndpoint(cartEndpointRoutes.setType, { params: { id }, body: { type } });
}

/** POST /cart/digital-items/add-all-medias/: every photo of an album (or of one gallery's subtree). */
export function addAllMedias(checkinId: number, galleryId: number | null) {
  return callEndpoint(cartEndpointRoutes.addAllMedias, {
    body: { checkin_id: checkinId, gallery_id: galleryId },
  });
}

/** DELETE /cart/digital-items/{id}/ (refused with item_used_in_print while print products use it). */
export function deleteDigitalItem(id: number) {
  return callEndpoint(cartEndpointRoutes.deleteDigitalItem, { params: { id } });
}

/** GET …/{id}/medias/: every media of a line, in one page (albums spec §9). */
export function fetchItemMedias(id: number, signal?: AbortSignal) {
  return callEndpoint(cartEndpointRoutes.digitalItemMedias, {
    params: { id },
    query: { page: 1, page_size: CART_ITEM_MEDIAS_PAGE_SIZE },
    signal,
  });
}

/** GET /cart/totals/: the cart's figures (currency null while it is empty). */
export function fetchCartTotals(signal?: AbortSignal) {
  return callEndpoint(cartEndpointRoutes.totals, { signal });
}

/** GET /cart/totals/items/: each line's price, with the undiscounted one when it is higher. */
export async function fetchItemTotals(signal?: AbortSignal) {
  return (await callEndpoint(cartEndpointRoutes.itemTotals, { signal })).results;
}

/** DELETE /cart/: empties the cart. */
export function deleteCart() {
  return callEndpoint(cartEndpointRoutes.deleteCart);
}

/** DELETE /cart/print-items/{id}/: removes one print product. */
export function deletePrintItem(id: number) {
  return callEndpoint(cartEndpointRoutes.deletePrintItem, { params: { id } });
}

/** GET /v1/cart/: the whole cart (digital and print items, totals, the entered voucher). */
export function fetchCart(signal?: AbortSignal) {
  return callEndpoint(cartEndpointRoutes.cart, { signal });
}
