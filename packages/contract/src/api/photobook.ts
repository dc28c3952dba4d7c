import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { currencyCode, date, id, idParam, money } from './common';

const tag = 'Photobook';

// decision: the offer link identifies the album and carries a key, so an expired or forged link
// is refused ("no longer available for sale").
export const photobookQuerySchema = z.object({ checkin_id: idParam, key: z.string().min(1).max(128) });

export const photobookSchema = z.object({
  front_cover_url: z.string(),
  back_cover_url: z.string(),
  photos: z.array(z.object({ id, url: z.string() })),
  // decision: the offer page shows the price and the last day of the offer.
  price: money,
  currency: currencyCode,
  offer_until: date,
  // decision: what the page needs beyond the spec's fields: the event's name for the cover, how
  // many photos the book takes (the album may have fewer), and the print product and variant the
  // price is of, so "Order photobook" is the print flow's configuration of exactly these photos.
  event_name: z.string(),
  photo_count: z.number().int().min(1),
  product_id: id,
  variant_option_ids: z.array(id),
  // decision (issue 17): the whole price, computed by the server's cart pricing: the book's photos
  // the user pays for (not bought earlier, not in a package of the cart) and what they cost in the
  // cart, and the book with them.
  photos_to_buy: z.number().int().min(0),
  photos_price: money,
  total_price: money,
});
export type Photobook = z.infer<typeof photobookSchema>;

// decision: the link to an album's offer, for the album's print banner (and e-mails): its owner
// only; null while the album has no offer (no photos, no photobook in its currency, offer over).
export const photobookOfferQuerySchema = z.object({ checkin_id: idParam });
export const photobookOfferSchema = z.object({ checkin_id: id, key: z.string(), offer_until: date });
export type PhotobookOffer = z.infer<typeof photobookOfferSchema>;

export const photobookEndpoints = {
  preview: endpoint({
    ...routes.photobook.preview,
    tag,
    access: 'user-with-policies',
    summary: 'Preview of the photobook offered for an album',
    query: photobookQuerySchema,
    response: z.object({ photobook: photobookSchema }),
  }),
  offer: endpoint({
    ...routes.photobook.offer,
    tag,
    access: 'user-with-policies',
    summary: "The link key of the photobook offer of the user's album (null when there is none)",
    query: photobookOfferQuerySchema,
    response: z.object({ offer: photobookOfferSchema.nullable() }),
  }),
};
