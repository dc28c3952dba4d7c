// A page's rows by id as ONE json column, shared by the rows statement of album-media.repository.ts
// and the album lookup that brings a page's rows along (checkins.repository.ts, issue 20).
import type { MediaType } from '@fotodrop/contract';
import { type SQL, sql } from 'drizzle-orm';
import { media, mediaFavourites, mediaHidden } from '../db/album-schema';
import { hiddenFacesColumn } from './anonymization.repository';

export interface AlbumMediaRow {
  id: number;
  photoServiceId: number;
  type: MediaType;
  galleryId: number | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  takenAt: Date | null;
  favourite: boolean;
  /** The faces its viewer must not see (anonymous mode), read with the row; null when none. */
  hiddenFaces?: number[] | null;
}

/** The medium was not removed from their albums by this user (media_hidden). */
export const notRemovedBy = (userId: SQL | number): SQL =>
  sql`not exists (select 1 from ${mediaHidden} where ${mediaHidden.userId} = ${userId} and ${mediaHidden.mediaId} = ${media.id})`;

/** A row of `rowsJson`: the fields of `AlbumMediaRow` in their order. */
export type RowJson = [
  id: number,
  photoServiceId: number,
  type: MediaType,
  galleryId: number | null,
  width: number | null,
  height: number | null,
  durationSeconds: number | null,
  takenAt: string | null,
  favourite: boolean,
  hiddenFaces: number[] | null,
];

/** The page's rows as one json array of `RowJson`, as `viewerId` sees them (an aggregate over `rowsFrom`). */
export const rowsAggregate = (viewerId: SQL): SQL<RowJson[]> =>
  sql<RowJson[]>`coalesce(json_agg(json_build_array(${media.id}, ${media.photoServiceId},
    ${media.type}, ${media.galleryId}, ${media.width}, ${media.height}, ${media.durationSeconds},
    ${media.takenAt}, ${mediaFavourites.mediaId} is not null,
    ${hiddenFacesColumn(sql`${media.id}`, viewerId)})), '[]'::json)`;
/** The join of the viewer's favourites that `rowsAggregate` reads its flag from. */
export const favouriteOf = (viewerId: SQL): SQL =>
  sql`${mediaFavourites.userId} = ${viewerId} and ${mediaFavourites.mediaId} = ${media.id}`;
/** The media `ids` (an int[] parameter) still ready and not removed by the viewer. */
export const rowsWhere = (ids: SQL, viewerId: SQL): SQL =>
  sql`${media.id} = any(${ids}::int[]) and ${media.status} = 'ready' and ${notRemovedBy(viewerId)}`;

/**
 * A page's rows as ONE json column (one JSON.parse): the driver otherwise decodes and maps each of
 * the 40 × 10 fields on its own, which on PGlite cost about as much as the statement (issue 20). A
 * scalar subquery, in no particular order, to stand beside the album lookup; the rows statement of
 * album-media.repository.ts is the same from its three parts.
 */
export const rowsJson = (ids: SQL, viewerId: SQL): SQL<RowJson[]> =>
  sql<RowJson[]>`(select ${rowsAggregate(viewerId)}
    from ${media} left join ${mediaFavourites} on ${favouriteOf(viewerId)}
    where ${rowsWhere(ids, viewerId)})`;

/** `rowsJson`'s rows in the order of `ids`. */
export function rowsInOrder(json: RowJson[], ids: readonly number[]): AlbumMediaRow[] {
  const position = new Map(ids.map((id, i) => [id, i]));
  return json.map(rowOf).sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

function rowOf([
  id,
  photoServiceId,
  type,
  galleryId,
  width,
  height,
  durationSeconds,
  takenAt,
  favourite,
  hiddenFaces,
]: RowJson): AlbumMediaRow {
  return {
    id,
    photoServiceId,
    type,
    galleryId,
    width,
    height,
    durationSeconds,
    // json renders a timestamptz in ISO 8601 with its offset, which Date reads exactly
    takenAt: takenAt === null ? null : new Date(takenAt),
    favourite,
    hiddenFaces,
  };
}
