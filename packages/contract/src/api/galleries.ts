import { z } from 'zod';
import { LAYOUT_DIRECTIONS, MEDIA_CATEGORIES, MEDIA_TYPES, PACKAGE_ORDER_TYPES } from '../constants';
import { endpoint } from '../endpoint';
import type { paginationSchema } from '../pagination';
import { routes } from '../routes';
import { boolQuery, currencyCode, id, idParam, MAX_ID, money } from './common';
import { mediaPageQuerySchema, type mediaSchema, paginatedMediaSchema } from './media';

const tag = 'Galleries';

// decision: gallery id 0 in a path means the album's root gallery (clampRootGalleryId turns negatives into 0).
/** A gallery id in a path; 0 is the album's root gallery. */
const galleryIdParam = z.coerce.number().int().min(0).max(MAX_ID);
export const galleryTreeParamsSchema = z.object({ checkin_id: idParam, gallery_id: galleryIdParam });
export const checkinGalleriesParamsSchema = z.object({ checkin_id: idParam });

// decision: a tab's type is a media category (buyable, bought, favourite).
export const galleryTabSchema = z.object({
  type: z.enum(MEDIA_CATEGORIES),
  count: z.number().int().min(0),
});
export type GalleryTab = z.infer<typeof galleryTabSchema>;

// decision: the root node of the tree (gallery 0) has id 0 and the event's name.
const galleryRefSchema = z.object({
  id: z.number().int().min(0),
  name: z.string(),
  num_media: z.number().int().min(0),
});

/** A node of the gallery tree with its direct sub-galleries and tab counts. */
export const galleryTreeNodeSchema = galleryRefSchema.extend({
  sub_gallery: z.array(galleryRefSchema),
  tabs: z.array(galleryTabSchema),
});
export type GalleryTreeNode = z.infer<typeof galleryTreeNodeSchema>;

/**
 * One price-list entry: either a fixed bundle (`qty` with `price`, or `unit_price` × `qty`) or a
 * quantity range (`from_qty`..`to_qty`, open when `to_qty` is null) priced per unit.
 */
export const priceListItemSchema = z.object({
  // decision: what the entry prices (photos or videos); packages are priced by the cart.
  media_type: z.enum(MEDIA_TYPES),
  qty: z.number().int().min(1).nullable(),
  from_qty: z.number().int().min(1).nullable(),
  to_qty: z.number().int().min(1).nullable(),
  unit_price: money.nullable(),
  price: money.nullable(),
  price_original: money.nullable(),
});
export type PriceListItem = z.infer<typeof priceListItemSchema>;

// decision: packages buy a whole album (albums spec §4 "Package banner"); offered when the agency set a price.
export const packageOfferSchema = z.object({
  order_type: z.enum(PACKAGE_ORDER_TYPES),
  price: money,
  price_original: money.nullable(),
  /**
   * Pre-sale (issue 19): the price before the event starts (in its time zone), below `price`; it
   * covers the photos arriving later. The console reads the stored one (null: no pre-sale); an
   * album's offer carries it only while the pre-sale runs, and charges it instead of `price`.
   * Absent in lists stored before issue 19.
   */
  prepurchase_price: money.nullable().optional(),
});
export type PackageOffer = z.infer<typeof packageOfferSchema>;

export const priceListSchema = z.object({
  currency: currencyCode,
  items: z.array(priceListItemSchema),
  packages: z.array(packageOfferSchema),
});
export const priceListQuerySchema = z.object({ media_type: z.enum(MEDIA_TYPES).optional() });

// decision: extras=true adds the tab counts to the page, so counters refresh with the media.
export const galleryMediaQuerySchema = mediaPageQuerySchema.extend({
  tab: z.enum(MEDIA_CATEGORIES).optional(),
  extras: boolQuery.optional(),
});
export const galleryMediaResponseSchema = paginatedMediaSchema.extend({
  tabs: z.array(galleryTabSchema).optional(),
});

export interface GroupedGallery {
  id: number;
  name: string;
  layout: (typeof LAYOUT_DIRECTIONS)[number];
  media_count: number;
  price_list: PriceListItem[];
  refresh_time: number | null;
  medias: { results: z.infer<typeof mediaSchema>[]; pagination: z.infer<typeof paginationSchema> };
  sub_galleries: GroupedGallery[];
}

/** A gallery of the grouped view, with its first page of media; sub-galleries nest (clients flatten). */
export const groupedGallerySchema: z.ZodType<GroupedGallery> = z.object({
  id,
  name: z.string(),
  layout: z.enum(LAYOUT_DIRECTIONS),
  media_count: z.number().int().min(0),
  price_list: z.array(priceListItemSchema),
  // decision: seconds until new media of this gallery are expected (schedules a notification); null = none.
  refresh_time: z.number().int().min(0).nullable(),
  medias: paginatedMediaSchema,
  get sub_galleries() {
    return z.array(groupedGallerySchema);
  },
});

export const groupedGalleriesSchema = z.object({
  paid_galleries: z.array(groupedGallerySchema),
  unlocked_galleries: z.array(groupedGallerySchema),
  favorite_galleries: z.array(groupedGallerySchema),
});
export type GroupedGalleries = z.infer<typeof groupedGalleriesSchema>;

export const galleryEndpoints = {
  galleryTree: endpoint({
    ...routes.galleries.galleryTree,
    tag,
    access: 'user-with-policies',
    summary: 'A gallery (0 = root) with its sub-galleries and tab counts',
    params: galleryTreeParamsSchema,
    response: galleryTreeNodeSchema,
  }),
  galleryMedia: endpoint({
    ...routes.galleries.galleryMedia,
    tag,
    access: 'user-with-policies',
    summary: 'A page of media of a gallery, for one tab',
    params: galleryTreeParamsSchema,
    query: galleryMediaQuerySchema,
    response: galleryMediaResponseSchema,
  }),
  priceList: endpoint({
    ...routes.galleries.priceList,
    tag,
    access: 'user-with-policies',
    summary: 'Prices of a gallery in the event currency (VAT included)',
    params: galleryTreeParamsSchema,
    query: priceListQuerySchema,
    response: priceListSchema,
  }),
  groupedGalleries: endpoint({
    ...routes.galleries.groupedGalleries,
    tag,
    access: 'user-with-policies',
    summary: 'Galleries of an album grouped as paid, unlocked and favourite',
    params: checkinGalleriesParamsSchema,
    response: groupedGalleriesSchema,
  }),
  groupedGalleryMedias: endpoint({
    ...routes.galleries.groupedGalleryMedias,
    tag,
    access: 'user-with-policies',
    summary: 'A further page of media of one gallery of the grouped view',
    params: z.object({ checkin_id: idParam, gallery_id: idParam }),
    query: mediaPageQuerySchema,
    response: paginatedMediaSchema,
  }),
};
