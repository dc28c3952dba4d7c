import type { Queryable } from '../../db/client';
import { NotFoundError, ValidationError } from '../../http/errors';
import { type OfferSettingsRow, printOfferRepository } from '../../repositories/print-offer.repository';

/**
 * decision (issue 19): an organisation made before organisations had a currency sells its prints
 * in euro, the currency of the catalogue's demo prices and of the platform's shipping rates.
 */
export const DEFAULT_OFFER_CURRENCY = 'EUR';

/** An organisation's print offer; null: the platform catalogue as it is (each product in its own currency). */
export type Offer = OfferSettingsRow | null;

interface ProductRef {
  id: number;
  /** The catalogue's currency of the product. */
  currency: string;
}
interface VariantRef {
  id: number;
  /** The catalogue's price. */
  price: string;
}

/** The currency a product is sold in: the organisation's (issue 19), or the catalogue's without one. */
export function offerCurrency(offer: Offer, product: ProductRef): string {
  return offer ? (offer.currency ?? DEFAULT_OFFER_CURRENCY) : product.currency;
}

/** Whether the organisation switched the product on (every product is, until it says otherwise). */
export function productEnabled(offer: Offer, product: ProductRef): boolean {
  return offer === null || (offer.enabled.get(product.id) ?? true);
}

/**
 * A variant's price in the offer's currency: the organisation's own, else the catalogue's when the
 * catalogue sells in that currency; null when the variant has no price there (not sold).
 */
export function variantPrice(offer: Offer, product: ProductRef, variant: VariantRef): string | null {
  if (offer === null) return variant.price;
  const own = offer.prices.get(variant.id);
  if (own !== undefined) return own;
  return product.currency === offerCurrency(offer, product) ? variant.price : null;
}

/** The variants the offer sells, with their prices; none: the product is not offered. */
export function offeredVariants<V extends VariantRef & { productId: number }>(
  offer: Offer,
  product: ProductRef,
  variants: V[],
): { variant: V; price: string }[] {
  if (!productEnabled(offer, product)) return [];
  return variants
    .filter((v) => v.productId === product.id)
    .flatMap((variant) => {
      const price = variantPrice(offer, product, variant);
      return price === null ? [] : [{ variant, price }];
    });
}

/** The organisation's offer (null for none). */
export async function loadOffer(db: Queryable, organisationId: number | null): Promise<Offer> {
  if (organisationId === null) return null;
  return (await printOfferRepository(db).settings(organisationId)) ?? null;
}

/**
 * Whose catalogue a participant's print screens show (issue 19): the album asked for (`checkin_id`,
 * one of the caller's albums, else 404); else the organisation the caller's cart buys from; else
 * the organisation of the site the request comes from; else the platform catalogue.
 */
export async function catalogueOrganisation(
  db: Queryable,
  input: { userId: number | null; checkinId?: number | undefined; siteOrganisationId: number | null },
): Promise<number | null> {
  const repo = printOfferRepository(db);
  if (input.checkinId !== undefined) {
    const organisation =
      input.userId === null ? undefined : await repo.organisationOfAlbum(input.userId, input.checkinId);
    if (organisation === undefined) throw new NotFoundError('Album not found.');
    return organisation;
  }
  if (input.userId !== null) {
    const organisation = await repo.organisationOfCart(input.userId);
    if (organisation !== null) return organisation;
  }
  return input.siteOrganisationId;
}

/**
 * The organisation whose offer prices a print of these photos: their events' organisation. A print
 * mixing photos of two organisers' events has no one to make it: refused.
 */
export async function organisationOfPhotos(db: Queryable, photoIds: number[]): Promise<number | null> {
  const organisations = await printOfferRepository(db).organisationsOfMedia(photoIds);
  if (organisations.length > 1) {
    throw new ValidationError(
      { photos: ['print.mixed_organisations'] },
      'A print product is made of photos of one organiser’s events.',
    );
  }
  return organisations[0] ?? null;
}

/** A print item of a cart as stored, with its variant's catalogue price and product currency. */
export interface StoredPrintItem {
  organisationId: number | null;
  /** The currency the item was added in. */
  currency: string;
  productId: number;
  variantId: number;
  price: string;
  productCurrency: string;
}

/**
 * Print items priced by their organisation's offer as it is now (decision, issue 19): the price
 * follows the offer; an item whose product was switched off, or that has no price in the cart's
 * currency any more, stays in the basket marked not offered (`offered: false`, shown at its last
 * known price) and the checkout refuses it until the participant removes it.
 */
export async function priceStoredPrints<T extends StoredPrintItem>(
  db: Queryable,
  items: T[],
): Promise<(T & { offered: boolean })[]> {
  const offers = new Map<number, Offer>();
  // One after another: inside a transaction every query shares one connection.
  for (const id of new Set(items.flatMap((i) => (i.organisationId === null ? [] : [i.organisationId])))) {
    offers.set(id, await loadOffer(db, id));
  }
  return items.map((item) => {
    const offer = item.organisationId === null ? null : (offers.get(item.organisationId) ?? null);
    const product = { id: item.productId, currency: item.productCurrency };
    const price = variantPrice(offer, product, { id: item.variantId, price: item.price });
    const offered =
      productEnabled(offer, product) && price !== null && offerCurrency(offer, product) === item.currency;
    return { ...item, price: price ?? item.price, offered };
  });
}
