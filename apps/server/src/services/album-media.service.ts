import {
  type GalleryTab,
  type GalleryTreeNode,
  type GroupedGalleries,
  type GroupedGallery,
  MAX_PLACEHOLDERS,
  type Media,
  type MediaType,
  makePagination,
} from '@fotodrop/contract';
import type { Db } from '../db/client';
import { NotFoundError } from '../http/errors';
import {
  type AlbumMediaQuery,
  type AlbumMediaRow,
  albumMediaRepository,
} from '../repositories/album-media.repository';
import { type CheckinWithContext, checkinsRepository } from '../repositories/checkins.repository';
import type { GalleryRow } from '../repositories/photo-services.repository';
import { priceListFor, priceListsRepository } from '../repositories/price-lists.repository';
import type { AuthContext } from './auth.service';
import type { MediaFilesService } from './media-files.service';

type Tab = GalleryTab['type'];

/** A gallery and everything under it: a participant opening "Course" sees its kilometres too. */
export function subtreeIds(all: GalleryRow[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const g of all) if (g.parentId === ids[i]) ids.push(g.id);
  return ids;
}

export function albumMediaService(deps: { db: Db; mediaFiles: MediaFilesService }) {
  const repo = () => albumMediaRepository(deps.db);

  async function album(auth: AuthContext, checkinId: number): Promise<CheckinWithContext> {
    const found = await checkinsRepository(deps.db).findForUser(auth.user.id, checkinId);
    if (found?.checkin.status !== 'complete') throw new NotFoundError('Album not found.');
    return found;
  }

  function toMedia(row: AlbumMediaRow): Media {
    return {
      id: row.id,
      type: row.type,
      // Until a purchase, photos are shown as the watermarked standard-definition preview.
      quality: 'SD',
      favorite: row.favourite,
      is_purchased: false,
      gallery_id: row.galleryId,
      thumbnail_url: deps.mediaFiles.url(row.id, 'thumb'),
      preview_url: deps.mediaFiles.url(row.id, 'preview'),
      download_url: null,
      // Nothing is bought before checkout exists, so no video is playable yet (albums spec §3).
      video_url: null,
      width: row.width ?? 1,
      height: row.height ?? 1,
      duration_seconds: row.durationSeconds,
      taken_at: row.takenAt?.toISOString() ?? null,
    };
  }

  async function page(q: AlbumMediaQuery, pageNumber: number, pageSize: number) {
    const [total, rows] = await Promise.all([repo().count(q), repo().page(q, pageNumber, pageSize)]);
    return { results: rows.map(toMedia), pagination: makePagination(total, pageNumber, pageSize) };
  }

  async function tabs(base: AlbumMediaQuery): Promise<GalleryTab[]> {
    const [all, favourites] = await Promise.all([
      repo().count(base),
      repo().count({ ...base, favouritesOnly: true }),
    ]);
    // Nothing is bought before checkout exists: every photo is buyable.
    return [
      { type: 'buyable', count: all },
      { type: 'bought', count: 0 },
      { type: 'favourite', count: favourites },
    ];
  }

  /** Gallery 0 is the album itself; another id must be a gallery of the album's event. */
  async function galleryScope(context: CheckinWithContext, galleryId: number) {
    const all = await repo().galleriesOf(context.service.id);
    if (galleryId === 0) return { all, node: null, ids: null };
    const node = all.find((g) => g.id === galleryId);
    if (!node) throw new NotFoundError('Gallery not found.');
    return { all, node, ids: subtreeIds(all, node.id) };
  }

  const baseQuery = (auth: AuthContext, checkinId: number, galleryIds: number[] | null): AlbumMediaQuery => ({
    checkinId,
    userId: auth.user.id,
    scope: 'mine',
    galleryIds,
    favouritesOnly: false,
  });

  return {
    async tree(auth: AuthContext, checkinId: number, galleryId: number): Promise<GalleryTreeNode> {
      const context = await album(auth, checkinId);
      const { all, node, ids } = await galleryScope(context, galleryId);
      const children = all.filter((g) => g.parentId === (node?.id ?? null));
      const counted = await Promise.all(
        children.map(async (g) => ({
          id: g.id,
          name: g.name,
          num_media: await repo().count(baseQuery(auth, checkinId, subtreeIds(all, g.id))),
        })),
      );
      const base = baseQuery(auth, checkinId, ids);
      return {
        id: node?.id ?? 0,
        name: node?.name ?? context.service.name,
        num_media: await repo().count(base),
        // A participant sees the galleries that hold their photos, not the empty ones.
        sub_gallery: counted.filter((g) => g.num_media > 0),
        tabs: await tabs(base),
      };
    },

    async galleryMedia(
      auth: AuthContext,
      checkinId: number,
      galleryId: number,
      query: { tab?: Tab; page: number; page_size: number; extras?: 'true' | 'false' },
    ) {
      const context = await album(auth, checkinId);
      const { ids } = await galleryScope(context, galleryId);
      const base = baseQuery(auth, checkinId, ids);
      if (query.tab === 'bought') {
        const empty = { results: [], pagination: makePagination(0, query.page, query.page_size) };
        return query.extras === 'true' ? { ...empty, tabs: await tabs(base) } : empty;
      }
      const result = await page(
        { ...base, favouritesOnly: query.tab === 'favourite' },
        query.page,
        query.page_size,
      );
      return query.extras === 'true' ? { ...result, tabs: await tabs(base) } : result;
    },

    /** The all-photos tab: the whole event when the event shows all photos, else the album's own. */
    async allMedias(auth: AuthContext, checkinId: number, pageNumber: number, pageSize: number) {
      const context = await album(auth, checkinId);
      const scope = context.service.showAllEventPhotos ? 'event' : 'mine';
      return page({ ...baseQuery(auth, checkinId, null), scope }, pageNumber, pageSize);
    },

    async checkinMedias(
      auth: AuthContext,
      checkinId: number,
      query: { page: number; page_size: number; category?: Tab; type?: MediaType },
    ) {
      await album(auth, checkinId);
      const base = { ...baseQuery(auth, checkinId, null), ...(query.type ? { type: query.type } : {}) };
      if (query.category === 'bought')
        return { results: [], pagination: makePagination(0, query.page, query.page_size) };
      return page({ ...base, favouritesOnly: query.category === 'favourite' }, query.page, query.page_size);
    },

    /** The prices of a gallery (its own list, an ancestor's, or the event's), optionally of one media type. */
    async priceList(auth: AuthContext, checkinId: number, galleryId: number, mediaType?: MediaType) {
      const context = await album(auth, checkinId);
      const { all, node } = await galleryScope(context, galleryId);
      const lists = await priceListsRepository(deps.db).forService(context.service.id);
      const parentOf = (id: number) => all.find((g) => g.id === id)?.parentId ?? null;
      const list = priceListFor(lists, node?.id ?? null, parentOf);
      const items = (list?.items ?? []).filter((i) => !mediaType || i.media_type === mediaType);
      return { currency: context.service.currency, items };
    },

    /**
     * The grouped view: galleries with bought photos (none before checkout exists), galleries with
     * photos to unlock, and galleries with favourites, each with its first page of media. A gallery
     * with no photos of its own and no prices of its own is left out; its sub-galleries move up.
     */
    async grouped(auth: AuthContext, checkinId: number): Promise<GroupedGalleries> {
      const context = await album(auth, checkinId);
      const all = await repo().galleriesOf(context.service.id);
      const lists = await priceListsRepository(deps.db).forService(context.service.id);
      const parentOf = (id: number) => all.find((g) => g.id === id)?.parentId ?? null;

      const build = async (parentId: number | null, favouritesOnly: boolean): Promise<GroupedGallery[]> => {
        const out: GroupedGallery[] = [];
        for (const gallery of all.filter((g) => g.parentId === parentId)) {
          const q = { ...baseQuery(auth, checkinId, [gallery.id]), favouritesOnly };
          const medias = await page(q, 1, MAX_PLACEHOLDERS);
          const subs = await build(gallery.id, favouritesOnly);
          const own = lists.find((l) => l.galleryId === gallery.id);
          const applicable = priceListFor(lists, gallery.id, parentOf);
          if (medias.pagination.total === 0 && !own) {
            out.push(...subs);
            continue;
          }
          out.push({
            id: gallery.id,
            name: gallery.name,
            layout: gallery.layout,
            media_count: medias.pagination.total,
            price_list: applicable?.items ?? [],
            refresh_time: own?.refreshTime ?? null,
            medias,
            sub_galleries: subs,
          });
        }
        return out;
      };
      return {
        paid_galleries: [],
        unlocked_galleries: await build(null, false),
        favorite_galleries: await build(null, true),
      };
    },

    /** A further page of one gallery of the grouped view (its own photos, not its sub-galleries'). */
    async groupedMedias(
      auth: AuthContext,
      checkinId: number,
      galleryId: number,
      pageNumber: number,
      pageSize: number,
    ) {
      const context = await album(auth, checkinId);
      await galleryScope(context, galleryId);
      return page(baseQuery(auth, checkinId, [galleryId]), pageNumber, pageSize);
    },

    async setFavourite(auth: AuthContext, mediaId: number, favourite: boolean) {
      if ((await repo().albumShowing(auth.user.id, mediaId)) === null)
        throw new NotFoundError('Photo not found.');
      await repo().setFavourite(auth.user.id, mediaId, favourite);
      return { id: mediaId, favorite: favourite };
    },

    async hide(auth: AuthContext, mediaId: number) {
      if ((await repo().albumShowing(auth.user.id, mediaId)) === null)
        throw new NotFoundError('Photo not found.');
      await repo().hide(auth.user.id, mediaId);
      return { id: mediaId, hidden: true as const };
    },
  };
}
