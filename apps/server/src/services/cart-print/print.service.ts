import type {
  DecoratedConfiguration,
  Language,
  PrintCartItem,
  PrintProduct,
  ProductConfiguration,
  ProductFamily,
} from '@fotodrop/contract';
import { decimalStringToMinor, minorToDecimalString } from '@fotodrop/contract/rules/currency';
import type { Db, Queryable } from '../../db/client';
import { NotFoundError, ValidationError } from '../../http/errors';
import { anonymizationRepository } from '../../repositories/anonymization.repository';
import { cartRepository } from '../../repositories/cart.repository';
import {
  type PrintProductRow,
  printRepository,
  type VariantGroup,
  type VariantRow,
} from '../../repositories/print.repository';
import { printCartRepository } from '../../repositories/print-cart.repository';
import type { AuthContext } from '../accounts/auth.service';
import type { MediaFilesService } from '../media/media-files.service';
import { CurrencyMismatchError } from './cart.service';
import { cartOffers } from './cart-offers';
import { localized } from './catalogue-texts';
import { countries } from './countries';
import { chargedUnits, printCart } from './print-cart';
import {
  catalogueOrganisation,
  loadOffer,
  type Offer,
  offerCurrency,
  offeredVariants,
  organisationOfPhotos,
  priceStoredPrints,
  productEnabled,
  variantPrice,
} from './print-offer';
import { servedCountries } from './shipping';

/** Who asks for the catalogue, and from where (print-offer.ts `catalogueOrganisation`). */
export interface CatalogueContext {
  userId: number | null;
  checkinId?: number | undefined;
  siteOrganisationId: number | null;
}

const sortedKey = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');

/** Photos with their copies, in a canonical order: equal for the same selection however listed. */
const photosKey = (photos: readonly { photo_id: number; quantity: number }[]) =>
  [...photos]
    .sort((a, b) => a.photo_id - b.photo_id)
    .map((p) => `${p.photo_id}x${p.quantity}`)
    .join(',');

const invalidOptions = (key: string, message: string) =>
  new ValidationError({ variant_option_ids: [key] }, message);

/**
 * The variant a configuration names: exactly one option of every group of the product, in any
 * order. Answers it with the options in group order.
 */
function pickVariant(groups: VariantGroup[], variants: VariantRow[], optionIds: number[]) {
  const groupOf = new Map(groups.flatMap((g) => g.options.map((o) => [o.id, g.id] as const)));
  const picked = new Map<number, number>();
  for (const id of optionIds) {
    const group = groupOf.get(id);
    if (group === undefined || picked.has(group)) {
      throw invalidOptions(
        'print.variant_options_invalid',
        'Choose one option of each kind for this product.',
      );
    }
    picked.set(group, id);
  }
  if (picked.size !== groups.length) {
    throw invalidOptions('print.variant_option_missing', 'Choose one option of each kind for this product.');
  }
  const variant = variants.find((v) => sortedKey(v.optionIds) === sortedKey(optionIds));
  if (!variant) throw invalidOptions('print.variant_unavailable', 'This combination is not available.');
  return { variant, optionIds: groups.map((g) => picked.get(g.id) as number) };
}

const money = (price: string, currency: string) =>
  minorToDecimalString(decimalStringToMinor(price, currency), currency);

/**
 * Print products (albums spec §2 print chooser, "configuration finished" page; §3 "Print
 * product"): the catalogue, the countries prints are delivered to, and pricing a configuration,
 * which with add_to_cart also puts it in the cart.
 */
export function printService(deps: { db: Db; mediaFiles: MediaFilesService; now: () => Date }) {
  function productDto(
    product: PrintProductRow,
    groups: VariantGroup[],
    language: Language,
    offer: Offer,
    variants?: VariantRow[],
  ): PrintProduct {
    const currency = offerCurrency(offer, product);
    const text = (english: string | null, field: string) =>
      localized(english, product.translations, language, field);
    return {
      id: product.id,
      family_id: product.familyId,
      title: text(product.title, 'title') ?? product.title,
      description: text(product.description, 'description'),
      image_url: product.imageUrl,
      min_photos: product.minPhotos,
      max_photos: product.maxPhotos,
      currency,
      product_variant_options: groups
        .filter((g) => g.productId === product.id)
        .map((g) => ({
          id: g.id,
          name: localized(g.name, g.translations, language, 'name'),
          options: g.options.map((o) => ({
            id: o.id,
            name: localized(o.name, o.translations, language, 'name'),
          })),
        })),
      ...(variants
        ? {
            variants: offeredVariants(offer, product, variants).map(({ variant, price }) => ({
              id: variant.id,
              variant_option_ids: variant.optionIds,
              price: money(price, currency),
            })),
          }
        : {}),
    };
  }

  async function findProduct(db: Queryable, id: number) {
    return printRepository(db).product(id);
  }

  async function decorate(
    db: Queryable,
    auth: AuthContext,
    body: ProductConfiguration & { add_to_cart: boolean },
    language: Language,
  ): Promise<DecoratedConfiguration> {
    const product = await findProduct(db, body.product_id);
    if (!product) {
      throw new ValidationError({ product_id: ['print.product_unknown'] }, 'This product does not exist.');
    }
    const repo = printRepository(db);
    // Sequential: this may run in a transaction, on one connection.
    const groups = await repo.groupsOf([product.id]);
    const variants = await repo.variantsOf([product.id]);
    const { variant, optionIds } = pickVariant(groups, variants, body.variant_option_ids);

    // The same photo listed twice is one photo with both quantities.
    const quantities = new Map<number, number>();
    for (const p of body.photos) quantities.set(p.photo_id, (quantities.get(p.photo_id) ?? 0) + p.quantity);
    const photos = [...quantities].map(([photo_id, quantity]) => ({ photo_id, quantity }));
    if (photos.length < product.minPhotos || photos.length > product.maxPhotos) {
      const range =
        product.minPhotos === product.maxPhotos
          ? `exactly ${product.minPhotos}`
          : `${product.minPhotos} to ${product.maxPhotos}`;
      throw new ValidationError(
        { photos: [photos.length < product.minPhotos ? 'print.too_few_photos' : 'print.too_many_photos'] },
        `This product takes ${range} photos.`,
      );
    }
    await printCart(db, deps.now).assertPrintable(
      auth.user.id,
      photos.map((p) => p.photo_id),
    );
    // Issue 19: the print is sold by its photos' organisation, on its offer's terms.
    const organisationId = await organisationOfPhotos(
      db,
      photos.map((p) => p.photo_id),
    );
    const offer = await loadOffer(db, organisationId);
    const price = productEnabled(offer, product) ? variantPrice(offer, product, variant) : null;
    if (price === null) {
      throw new ValidationError(
        { product_id: ['print.product_not_offered'] },
        'This product is not offered for these photos.',
      );
    }
    const currency = offerCurrency(offer, product);

    const unit = decimalStringToMinor(price, currency);
    const units = chargedUnits(product, photos);
    let cartItemId: number | null = null;
    if (body.add_to_cart) {
      const cartCurrency = await cartRepository(db).currency(auth.user.id);
      if (cartCurrency && cartCurrency !== currency) {
        throw new CurrencyMismatchError(cartCurrency, currency, 'this print product is sold');
      }
      // The same configuration again (a double tap, a retried request) is the item already there:
      // more copies are asked for with the quantities, not by adding the configuration twice.
      // Under the user's cart lock, so concurrent identical requests find each other's item.
      const cartItems = printCartRepository(db);
      const wanted = photosKey(photos);
      const existing = (await cartItems.ofVariant(auth.user.id, product.id, variant.id)).find(
        (item) => photosKey(item.photos) === wanted && item.organisationId === organisationId,
      );
      cartItemId =
        existing?.id ??
        (
          await cartItems.insert({
            userId: auth.user.id,
            productId: product.id,
            variantId: variant.id,
            photos,
            currency,
            organisationId,
          })
        ).id;
    }
    const hidden = await anonymizationRepository(db).hiddenFromViewer(
      auth.user.id,
      photos.map((p) => p.photo_id),
    );
    return {
      product_id: product.id,
      title: localized(product.title, product.translations, language, 'title'),
      variant_id: variant.id,
      variant_option_ids: optionIds,
      photos: photos.map((p) => ({
        ...p,
        thumbnail_url: deps.mediaFiles.url(p.photo_id, 'thumb', hidden.get(p.photo_id)),
      })),
      unit_price: minorToDecimalString(unit, currency),
      total_price: minorToDecimalString(unit * units, currency),
      currency,
      cart_item_id: cartItemId,
    };
  }

  return {
    /** The user's print items as the basket lists them, priced at their variant's current price. */
    async cartItems(userId: number, language: Language): Promise<PrintCartItem[]> {
      const rows = await priceStoredPrints(
        deps.db,
        (await printCartRepository(deps.db).listDetailed(userId)).map((r) => ({
          ...r,
          organisationId: r.item.organisationId,
          currency: r.item.currency,
          productId: r.item.productId,
          variantId: r.item.variantId,
        })),
      );
      // Other participants' faces in anonymous mode: blurred thumbnails (one statement for all items).
      const hidden = await anonymizationRepository(deps.db).hiddenFromViewer(
        userId,
        rows.flatMap((r) => r.item.photos.map((p) => p.photo_id)),
      );
      const offers = cartOffers(deps.db, deps.now);
      const items: PrintCartItem[] = [];
      // One after another: few items, and each prices the cart's picks.
      for (const {
        item,
        title,
        titleTranslations,
        price,
        optionIds,
        minPhotos,
        maxPhotos,
        offered,
      } of rows) {
        const unit = decimalStringToMinor(price, item.currency);
        const units = chargedUnits({ minPhotos, maxPhotos }, item.photos);
        const money = (minor: number) => minorToDecimalString(minor, item.currency);
        // The whole price (issue 17): the item and the photos the cart buys for it.
        const photos = await offers.printPhotosCost(
          userId,
          item.photos.map((p) => p.photo_id),
        );
        items.push({
          id: item.id,
          product_id: item.productId,
          title: localized(title, titleTranslations, language, 'title'),
          variant_id: item.variantId,
          variant_option_ids: optionIds,
          photos: item.photos.map((p) => ({
            ...p,
            thumbnail_url: deps.mediaFiles.url(p.photo_id, 'thumb', hidden.get(p.photo_id)),
          })),
          unit_price: money(unit),
          total_price: money(unit * units),
          currency: item.currency,
          photos_to_buy: photos.count,
          photos_price: money(photos.price),
          total_with_photos: money(unit * units + photos.price),
          offered,
        });
      }
      return items;
    },

    async removeCartItem(userId: number, id: number) {
      if (!(await printCartRepository(deps.db).delete(userId, id))) {
        throw new NotFoundError('This item is not in your cart.');
      }
      return { detail: 'The print product has been removed from your cart.' };
    },

    /** The catalogue reads in the request's language (`localized`), falling back to English. */
    async families(language: Language): Promise<{ results: ProductFamily[] }> {
      const rows = await printRepository(deps.db).families();
      return {
        results: rows.map((f) => ({
          id: f.id,
          title: localized(f.title, f.translations, language, 'title'),
          description: localized(f.description, f.translations, language, 'description'),
          image_url: f.imageUrl,
        })),
      };
    },

    /** The products the context's organisation offers (print-offer.ts), at its prices. */
    async products(
      query: { include_variants_with_price?: 'true' | 'false'; family_id?: number | undefined },
      language: Language,
      context: CatalogueContext,
    ) {
      const offer = await loadOffer(deps.db, await catalogueOrganisation(deps.db, context));
      const repo = printRepository(deps.db);
      const all = await repo.products(query.family_id);
      // Which products sell is decided by their priced variants, read whatever the query asks.
      const variants = await repo.variantsOf(all.map((p) => p.id));
      const products = all.filter((p) => offeredVariants(offer, p, variants).length > 0);
      const groups = await repo.groupsOf(products.map((p) => p.id));
      const shown = query.include_variants_with_price === 'true' ? variants : undefined;
      return { results: products.map((p) => productDto(p, groups, language, offer, shown)) };
    },

    async product(id: number, language: Language, context: CatalogueContext): Promise<PrintProduct> {
      const offer = await loadOffer(deps.db, await catalogueOrganisation(deps.db, context));
      const product = await findProduct(deps.db, id);
      const repo = printRepository(deps.db);
      const variants = product ? await repo.variantsOf([id]) : [];
      if (!product || offeredVariants(offer, product, variants).length === 0) {
        throw new NotFoundError('Product not found.');
      }
      return productDto(product, await repo.groupsOf([id]), language, offer, variants);
    },

    /** Prints go where the offer's shipping rates are set (one list for every print product, shipping.ts). */
    async countries(language: Language, context: CatalogueContext) {
      const organisationId = await catalogueOrganisation(deps.db, context);
      const delivered = new Set(await servedCountries(deps.db, organisationId));
      return { results: countries(language).filter((c) => delivered.has(c.code)) };
    },

    /** Prices a configuration; adding it to the cart holds the user's cart lock, as cart changes do. */
    decorate(auth: AuthContext, body: ProductConfiguration & { add_to_cart: boolean }, language: Language) {
      if (!body.add_to_cart) return decorate(deps.db, auth, body, language);
      return deps.db.transaction(async (tx) => {
        await cartRepository(tx).lockUser(auth.user.id);
        return decorate(tx, auth, body, language);
      });
    },
  };
}
export type PrintService = ReturnType<typeof printService>;
