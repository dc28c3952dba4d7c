import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { boolQuery, countrySchema, currencyCode, id, idParam, idParams, money, resultsOf } from './common';

const tag = 'Print';

// decision: a family groups products for the chooser (prints, canvases, photobook…).
export const productFamilySchema = z.object({
  id,
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type ProductFamily = z.infer<typeof productFamilySchema>;

/** A group of choices of a product (e.g. size) with its options (e.g. 10×15, 13×18). */
export const productVariantOptionSchema = z.object({
  id,
  name: z.string(),
  options: z.array(z.object({ id, name: z.string() })),
});

/** A concrete variant: one option of every group, with its price (VAT included). */
export const productVariantSchema = z.object({
  id,
  variant_option_ids: z.array(id),
  price: money,
});

export const printProductSchema = z.object({
  id,
  family_id: id,
  title: z.string(),
  // decision: the chooser shows a picture and text, and must know how many photos a product takes.
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  min_photos: z.number().int().min(1),
  max_photos: z.number().int().min(1),
  currency: currencyCode,
  product_variant_options: z.array(productVariantOptionSchema),
  // Present when include_variants_with_price=true (always present on a single product).
  variants: z.array(productVariantSchema).optional(),
});
export type PrintProduct = z.infer<typeof printProductSchema>;

export const productConfigurationSchema = z.object({
  product_id: id,
  variant_option_ids: z.array(id).min(1),
  photos: z
    .array(z.object({ photo_id: id, quantity: z.number().int().min(1).max(100) }))
    .min(1)
    .max(500),
});
export type ProductConfiguration = z.infer<typeof productConfigurationSchema>;

// decision: decorating prices a configuration; with add_to_cart it is also stored as a cart print
// item (the "configuration finished" page), since no other call adds print items to the cart.
export const decorateConfigurationBodySchema = productConfigurationSchema.extend({
  add_to_cart: z.boolean().default(false),
});

export const decoratedConfigurationSchema = z.object({
  product_id: id,
  title: z.string(),
  variant_id: id,
  variant_option_ids: z.array(id),
  photos: z.array(z.object({ photo_id: id, quantity: z.number().int().min(1), thumbnail_url: z.string() })),
  unit_price: money,
  total_price: money,
  currency: currencyCode,
  cart_item_id: id.nullable(),
});
export type DecoratedConfiguration = z.infer<typeof decoratedConfigurationSchema>;

/** A print product in the cart (a decorated configuration that was added). */
export const printCartItemSchema = decoratedConfigurationSchema.omit({ cart_item_id: true }).extend({
  id,
  // decision (issue 17): the photos the item needs that the cart buys for it (not bought earlier,
  // not in a package): how many, what they add to the cart, and the item with them.
  photos_to_buy: z.number().int().min(0),
  photos_price: money,
  total_with_photos: money,
  // Issue 19: false when its organisation no longer offers the product (or has no price for it):
  // it stays in the basket, the order refuses it until it is removed.
  offered: z.boolean().optional(),
});
export type PrintCartItem = z.infer<typeof printCartItemSchema>;

/**
 * Issue 19: whose print offer to show — the organisation of this album of the caller's (404 for
 * another's). Without it: the organisation the caller's cart buys from, else the site's, else the
 * platform catalogue.
 */
export const catalogueQuerySchema = z.object({ checkin_id: idParam.optional() });

export const productsQuerySchema = catalogueQuerySchema.extend({
  include_variants_with_price: boolQuery.optional(),
  // decision: the chooser lists one family at a time.
  family_id: idParam.optional(),
});

export const printEndpoints = {
  productFamilies: endpoint({
    ...routes.print.productFamilies,
    tag,
    access: 'public',
    summary: 'Families of print products',
    response: resultsOf(productFamilySchema),
  }),
  products: endpoint({
    ...routes.print.products,
    tag,
    access: 'public',
    summary: 'Print products, optionally with their priced variants',
    query: productsQuerySchema,
    response: resultsOf(printProductSchema),
  }),
  product: endpoint({
    ...routes.print.product,
    tag,
    access: 'public',
    summary: 'One print product with its variants and prices',
    params: idParams,
    query: catalogueQuerySchema,
    response: printProductSchema,
  }),
  decorateConfiguration: endpoint({
    ...routes.print.decorateConfiguration,
    tag,
    access: 'user-with-policies',
    summary: 'Price a product configuration (and optionally add it to the cart)',
    body: decorateConfigurationBodySchema,
    response: decoratedConfigurationSchema,
  }),
  countries: endpoint({
    ...routes.print.countries,
    tag,
    access: 'public',
    summary: 'Countries print products are delivered to',
    query: catalogueQuerySchema,
    response: resultsOf(countrySchema),
  }),
};
