import type { Language, PrintOffer, ShippingRate, updatePrintOfferBodySchema } from '@fotodrop/contract';
import { decimalStringToMinor, minorToDecimalString } from '@fotodrop/contract/rules/currency';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { ValidationError } from '../../http/errors';
import { printRepository } from '../../repositories/print.repository';
import { printOfferRepository } from '../../repositories/print-offer.repository';
import { type ShippingRateRow, shippingRatesRepository } from '../../repositories/shipping-rates.repository';
import type { AuthContext } from '../accounts/auth.service';
import { localized } from '../cart-print/catalogue-texts';
import { isCountryCode } from '../cart-print/countries';
import { DEFAULT_OFFER_CURRENCY, type Offer, offeredVariants, variantPrice } from '../cart-print/print-offer';
import { consoleAccess, organisationNotFound } from '../organisations/console-access';

type Update = z.output<typeof updatePrintOfferBodySchema>;

/**
 * An organisation's print offer (issue 19): which products of the platform catalogue its
 * participants may order, at which prices (its currency; the catalogue's price by default), where
 * prints are delivered and what shipping and handling cost. The participant side reads the same
 * settings through `cart-print/print-offer.ts`. Owners only (selling.manage).
 */
export function printOfferService(deps: { db: Db }) {
  async function settingsOf(db: Queryable, organisationId: number) {
    const offer = await printOfferRepository(db).settings(organisationId);
    if (!offer) throw organisationNotFound();
    return { offer, currency: offer.currency ?? DEFAULT_OFFER_CURRENCY };
  }

  async function view(db: Queryable, organisationId: number, language: Language): Promise<PrintOffer> {
    const { offer, currency } = await settingsOf(db, organisationId);
    const catalogue = printRepository(db);
    // One after another: this may run in a transaction (one connection).
    const families = new Map((await catalogue.families()).map((f) => [f.id, f]));
    const products = await catalogue.products();
    const ids = products.map((p) => p.id);
    const groups = await catalogue.groupsOf(ids);
    const variants = await catalogue.variantsOf(ids);
    const money = (price: string) => minorToDecimalString(decimalStringToMinor(price, currency), currency);
    const optionNames = new Map(
      groups.flatMap((g) =>
        g.options.map((o) => [o.id, localized(o.name, o.translations, language, 'name')]),
      ),
    );
    const rate = (r: ShippingRateRow): ShippingRate => ({
      country: r.country,
      shipping: minorToDecimalString(r.shipping, r.currency),
      handling_fee: minorToDecimalString(r.handlingFee, r.currency),
    });
    const rates = shippingRatesRepository(db);
    const own = await rates.own(organisationId);
    return {
      currency,
      products: products.map((product) => {
        const family = families.get(product.familyId);
        return {
          id: product.id,
          family_id: product.familyId,
          family: family ? localized(family.title, family.translations, language, 'title') : '',
          title: localized(product.title, product.translations, language, 'title'),
          image_url: product.imageUrl,
          catalogue_currency: product.currency,
          enabled: offeredVariants(offer, product, variants).length > 0,
          variants: variants
            .filter((v) => v.productId === product.id)
            .map((v) => {
              const own = offer.prices.get(v.id);
              return {
                id: v.id,
                options: v.optionIds.map((id) => optionNames.get(id) ?? ''),
                catalogue_price: product.currency === currency ? money(v.price) : null,
                price: own === undefined ? null : money(own),
              };
            }),
        };
      }),
      shipping_rates: own.length > 0 ? own.filter((r) => r.currency === currency).map(rate) : null,
      platform_shipping_rates: (await rates.platform(currency)).map(rate),
    };
  }

  /** Refuses what the contract cannot see: unknown products and variants, unpriced variants, unknown countries. */
  async function check(db: Queryable, body: Update, offer: NonNullable<Offer>, currency: string) {
    const catalogue = printRepository(db);
    const products = new Map((await catalogue.products()).map((p) => [p.id, p]));
    const variants = await catalogue.variantsOf([...products.keys()]);
    const fields: Record<string, string[]> = {};
    const prices = new Map<number, string>();
    body.products.forEach((entry, i) => {
      const product = products.get(entry.id);
      if (!product) {
        fields[`products.${i}.id`] = ['print_offer.product_unknown'];
        return;
      }
      const own = variants.filter((v) => v.productId === product.id);
      entry.variants.forEach((v, j) => {
        if (!own.some((o) => o.id === v.id))
          fields[`products.${i}.variants.${j}.id`] = ['print_offer.variant_unknown'];
        else if (v.price !== null)
          prices.set(v.id, minorToDecimalString(decimalStringToMinor(v.price, currency), currency));
      });
      if (!entry.enabled) return;
      // An offered product is sold in every variant: each needs a price in the offer's currency.
      const priced = { ...offer, currency, prices };
      own.forEach((variant) => {
        if (variantPrice(priced, product, variant) !== null) return;
        const j = entry.variants.findIndex((v) => v.id === variant.id);
        fields[j < 0 ? `products.${i}.variants` : `products.${i}.variants.${j}.price`] = [
          'print_offer.price_required',
        ];
      });
    });
    body.shipping_rates?.forEach((r, i) => {
      if (!isCountryCode(r.country)) fields[`shipping_rates.${i}.country`] = ['country.invalid'];
    });
    if (Object.keys(fields).length > 0) {
      throw new ValidationError(fields, 'Some products, prices or countries of the offer cannot be used.');
    }
    return prices;
  }

  return {
    async get(auth: AuthContext, organisationId: number, language: Language): Promise<PrintOffer> {
      await consoleAccess(deps.db).organisation(auth, organisationId, 'selling.manage');
      return view(deps.db, organisationId, language);
    },

    /** Replaces the whole offer in one transaction: what the form shows is what participants get. */
    async update(
      auth: AuthContext,
      organisationId: number,
      body: Update,
      language: Language,
    ): Promise<PrintOffer> {
      await consoleAccess(deps.db).organisation(auth, organisationId, 'selling.manage');
      return deps.db.transaction(async (tx) => {
        await printOfferRepository(tx).lock(organisationId);
        const { offer, currency } = await settingsOf(tx, organisationId);
        const prices = await check(tx, body, offer, currency);
        await printOfferRepository(tx).replace(
          organisationId,
          body.products.map((p) => ({ productId: p.id, enabled: p.enabled })),
          [...prices].map(([variantId, price]) => ({ variantId, price })),
        );
        await shippingRatesRepository(tx).replaceOwn(
          organisationId,
          (body.shipping_rates ?? []).map((r) => ({
            country: r.country,
            currency,
            shipping: decimalStringToMinor(r.shipping, currency),
            handlingFee: decimalStringToMinor(r.handling_fee, currency),
          })),
        );
        return view(tx, organisationId, language);
      });
    },
  };
}
export type PrintOfferService = ReturnType<typeof printOfferService>;
