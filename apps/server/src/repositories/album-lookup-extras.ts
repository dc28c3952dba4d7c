// What the album lookup (checkins.repository.ts) may bring along in its one statement, as JSON
// columns, and how they are read back.
import type { MediaType } from '@fotodrop/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  albumGalleryCounts,
  checkins,
  type GalleryCount,
  galleries,
  media,
  photoServices,
} from '../db/album-schema';
import { albumEntitlements, mediaEntitlements } from '../db/order-schema';
import { notRemovedBy } from './album-media-rows';
import type { GalleryRow } from './photo-services.repository';

/** What an album lookup may bring along in the same statement. */
export interface AlbumExtras {
  /** The album's media counts per gallery (album_gallery_counts, kept on write). */
  counts?: boolean;
  /** The event's galleries, in their order. */
  galleries?: boolean;
  /** What the album's owner bought of it (the "bought" tab's count). */
  bought?: boolean;
}

/**
 * What the owner of an album bought of it: the media types its packages cover, and per gallery
 * (null: in none) the media bought one by one that the album shows and its owner did not remove.
 */
export interface AlbumBought {
  packageTypes: MediaType[];
  byGallery: { galleryId: number | null; photos: number; videos: number }[];
}
export type WithExtras<O extends AlbumExtras> = (O['counts'] extends true
  ? {
      counts: GalleryCount[];
      /** Moves whenever the album's list of media may have changed (album_gallery_counts.version). */
      version: number;
    }
  : unknown) &
  (O['galleries'] extends true ? { galleries: GalleryRow[] } : unknown) &
  (O['bought'] extends true ? { bought: AlbumBought } : unknown);

export type CountJson = [
  galleryId: number,
  photos: number,
  videos: number,
  favourites: number,
  version: number,
];
export const countsJson = sql<
  CountJson[]
>`(select coalesce(json_agg(json_build_array(${albumGalleryCounts.galleryId},
  ${albumGalleryCounts.photos}, ${albumGalleryCounts.videos}, ${albumGalleryCounts.favourites},
  ${albumGalleryCounts.version})), '[]'::json)
  from ${albumGalleryCounts} where ${albumGalleryCounts.checkinId} = ${checkins.id})`;
export const galleryCount = ([galleryId, photos, videos, favourites]: CountJson): GalleryCount => ({
  // gallery 0 stands for "in no gallery" in the table, whose key cannot be null
  galleryId: galleryId === 0 ? null : galleryId,
  total: photos + videos,
  photos,
  videos,
  favourites,
});

export type GalleryJson = Omit<GalleryRow, 'createdAt'> & { createdAt: string };
export const galleriesJson = sql<GalleryJson[]>`(select coalesce(json_agg(json_build_object('id', g.id,
  'photoServiceId', g.photo_service_id, 'parentId', g.parent_id, 'name', g.name, 'layout', g.layout,
  'position', g.position, 'createdAt', g.created_at) order by g.position, g.id), '[]'::json)
  from ${galleries} g where g.photo_service_id = ${photoServices.id})`;
export const galleryRow = (g: GalleryJson): GalleryRow => ({ ...g, createdAt: new Date(g.createdAt) });

export type BoughtJson = { packageTypes: MediaType[]; byGallery: [number | null, number, number][] };
// The user's entitlements are few: joined to the album's rule (visibleMediaCondition), not the album scanned.
export const boughtJson = (visible: SQL) => sql<BoughtJson>`json_build_object(
  'packageTypes', (select coalesce(json_agg(${albumEntitlements.mediaType}), '[]'::json) from ${albumEntitlements}
    where ${albumEntitlements.userId} = ${checkins.userId} and ${albumEntitlements.checkinId} = ${checkins.id}),
  'byGallery', (select coalesce(json_agg(json_build_array(b.gallery_id, b.photos, b.videos)), '[]'::json)
    from (select ${media.galleryId} as gallery_id,
        count(*) filter (where ${media.type} = 'photo') as photos,
        count(*) filter (where ${media.type} = 'video') as videos
      from ${mediaEntitlements} inner join ${media} on ${media.id} = ${mediaEntitlements.mediaId}
      where ${mediaEntitlements.userId} = ${checkins.userId} and ${visible}
        and ${notRemovedBy(sql`${checkins.userId}`)}
      group by ${media.galleryId}) b))`;
export const albumBought = (json: BoughtJson): AlbumBought => ({
  packageTypes: json.packageTypes,
  byGallery: json.byGallery.map(([galleryId, photos, videos]) => ({ galleryId, photos, videos })),
});
