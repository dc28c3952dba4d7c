import { z } from 'zod';
import { endpoint } from '../endpoint';
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
});
export type Photobook = z.infer<typeof photobookSchema>;

export const photobookEndpoints = {
  preview: endpoint({
    method: 'GET',
    path: '/photobook-preview/',
    tag,
    access: 'user-with-policies',
    summary: 'Preview of the photobook offered for an album',
    query: photobookQuerySchema,
    response: z.object({ photobook: photobookSchema }),
  }),
};
