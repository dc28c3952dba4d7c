import {
  type GroupedGalleries,
  type GroupedGallery,
  MAX_PLACEHOLDERS,
  type MediaType,
  type PackageOffer,
} from '@fotodrop/contract';
import type { Db } from '../../db/client';
import { photoServicesRepository } from '../../repositories/photo-services.repository';
import { priceListFor, priceListsRepository } from '../../repositories/price-lists.repository';
import type { AuthContext } from '../accounts/auth.service';
import { offeredPackages } from '../cart-print/cart-album';
import { type AlbumMediaPages, type AlbumWithCounts, sumCounts } from './album-media-pages';
import type { AlbumPurchasesView } from './album-purchases';

/** An album's prices and its grouped view (paid, to unlock, favourites), on the album's pages. */
export function albumGroupedViews(
  deps: { db: Db; purchases: AlbumPurchasesView; now: () => Date },
  pages: AlbumMediaPages,
) {
  const { repo, albumWithGalleries, galleryScope, baseQuery, page, emptyPage, albumPage } = pages;

  /** The whole-album packages this album offers (cart-album.ts `offeredPackages`). */
  async function packagesOf(context: AlbumWithCounts): Promise<PackageOffer[]> {
    const service = await photoServicesRepository(deps.db).findById(context.serviceId);
    if (!service || service.packagePrices.length === 0) return [];
    const { photos, videos } = sumCounts(context.counts, null);
    const lists = await priceListsRepository(deps.db).forService(context.serviceId);
    return offeredPackages(service, lists, { photos, videos }, deps.now());
  }

  return {
    /** The prices of a gallery (its own list, an ancestor's, or the event's), optionally of one media type. */
    async priceList(auth: AuthContext, checkinId: number, galleryId: number, mediaType?: MediaType) {
      const { context } = await albumWithGalleries(auth, checkinId);
      const { all, node } = galleryScope(context, galleryId);
      const [lists, packages] = await Promise.all([
        priceListsRepository(deps.db).forService(context.serviceId),
        packagesOf(context),
      ]);
      const parentOf = (id: number) => all.find((g) => g.id === id)?.parentId ?? null;
      const list = priceListFor(lists, node?.id ?? null, parentOf);
      const items = (list?.items ?? []).filter((i) => !mediaType || i.media_type === mediaType);
      return { currency: context.currency, items, packages };
    },

    /**
     * The grouped view: galleries with bought photos, galleries with photos to unlock, and
     * galleries with favourites, each with its first page of media. A gallery with no photos of its
     * own and no prices of its own is left out; its sub-galleries move up (the paid group lists
     * only galleries with bought photos).
     */
    async grouped(auth: AuthContext, checkinId: number): Promise<GroupedGalleries> {
      const { context } = await albumWithGalleries(auth, checkinId);
      const { galleries: all, counts } = context;
      const lists = await priceListsRepository(deps.db).forService(context.serviceId);
      const parentOf = (id: number) => all.find((g) => g.id === id)?.parentId ?? null;

      const packages = await deps.purchases.packages(auth.user.id, [context]);
      type Group = 'unlocked' | 'favourite' | 'paid';
      const build = async (parentId: number | null, group: Group): Promise<GroupedGallery[]> => {
        const built = await Promise.all(
          all
            .filter((g) => g.parentId === parentId)
            .map(async (gallery): Promise<GroupedGallery[]> => {
              const own = sumCounts(counts, [gallery.id]);
              const base = {
                ...baseQuery(auth, context, [gallery.id]),
                favouritesOnly: group === 'favourite',
              };
              const q = group === 'paid' ? { ...base, purchased: { is: true, packages } } : base;
              const n =
                group === 'paid' ? await repo().count(q) : group === 'favourite' ? own.favourites : own.total;
              const [medias, subs] = await Promise.all([
                n > 0 ? page(q, 1, MAX_PLACEHOLDERS, n, null, [context]) : emptyPage(1, MAX_PLACEHOLDERS),
                build(gallery.id, group),
              ]);
              const ownList = lists.find((l) => l.galleryId === gallery.id);
              if (n === 0 && (group === 'paid' || !ownList)) return subs;
              return [
                {
                  id: gallery.id,
                  name: gallery.name,
                  layout: gallery.layout,
                  media_count: n,
                  price_list: priceListFor(lists, gallery.id, parentOf)?.items ?? [],
                  refresh_time: ownList?.refreshTime ?? null,
                  medias,
                  sub_galleries: subs,
                },
              ];
            }),
        );
        return built.flat();
      };
      const [paid, unlocked, favourites] = await Promise.all([
        build(null, 'paid'),
        build(null, 'unlocked'),
        build(null, 'favourite'),
      ]);
      return { paid_galleries: paid, unlocked_galleries: unlocked, favorite_galleries: favourites };
    },

    /** A further page of one gallery of the grouped view (its own photos, not its sub-galleries'). */
    async groupedMedias(
      auth: AuthContext,
      checkinId: number,
      galleryId: number,
      pageNumber: number,
      pageSize: number,
    ) {
      const { context } = await albumWithGalleries(auth, checkinId);
      galleryScope(context, galleryId);
      return albumPage(context, baseQuery(auth, context, [galleryId]), pageNumber, pageSize);
    },
  };
}
