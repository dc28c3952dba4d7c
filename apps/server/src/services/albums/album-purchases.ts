import type { Media, MediaType } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import { mediaDownloadName } from '../../media/download-names';
import type { AlbumMediaRow } from '../../repositories/album-media.repository';
import type { AlbumContext, AlbumScope } from '../../repositories/checkins.repository';
import {
  boughtAcrossAlbums,
  entitlementsRepository,
  purchasedInAlbum,
} from '../../repositories/entitlements.repository';
import { photoServicesRepository } from '../../repositories/photo-services.repository';
import type { DownloadOwner } from '../media/download-owner';
import { mediaDto } from '../media/media-dto';
import type { MediaFilesService } from '../media/media-files.service';
import { hdAvailability } from '../orders/hd-window';

export type DownloadUrl = (
  mediaId: number,
  filename: string,
  owner: DownloadOwner,
  hidden?: readonly number[],
) => string;
/** Per medium, the faces a viewer is shown hidden (anonymous mode); one statement for a page. */
export type HiddenFaces = (viewerId: number, mediaIds: number[]) => Promise<Map<number, number[]>>;

/**
 * What a user bought, as album listings show it: each medium's purchased flag, its clean files, the
 * download link of its original while HD is available, and a playable video. The rule is the
 * entitlements' (repositories/entitlements.repository.ts); a signed link is the only permission a
 * file route knows, so these links are given only here.
 */
export function albumPurchasesView(deps: {
  db: Queryable;
  mediaFiles: Pick<MediaFilesService, 'url' | 'shareHash'>;
  downloadUrl: DownloadUrl | null;
  now: () => Date;
  hiddenFor?: HiddenFaces;
}) {
  /**
   * The media of `rows` the user bought, given the albums the rows were listed from, each with the
   * album its download link names (`download-owner.ts`): the one whose package covers it, else the
   * first (a medium bought one by one needs none).
   */
  async function purchasedOf(
    userId: number,
    albums: AlbumContext[],
    rows: AlbumMediaRow[],
  ): Promise<Map<number, number>> {
    const [first] = albums;
    if (rows.length === 0 || !first) return new Map();
    if (albums.length === 1) {
      const bought = await purchasedInAlbum(deps.db, userId, first.checkinId, rows);
      return new Map([...bought].map((id) => [id, first.checkinId]));
    }
    const bought = await boughtAcrossAlbums(deps.db, userId, albums, rows);
    return new Map([...bought].map(([id, album]) => [id, album ?? first.checkinId]));
  }

  return {
    /** The packages bought for these albums, for the purchased / not purchased filters. */
    async packages(
      userId: number,
      albums: AlbumContext[],
    ): Promise<{ scope: AlbumScope; types: MediaType[] }[]> {
      const types = await entitlementsRepository(deps.db).albumTypes(
        userId,
        albums.map((a) => a.checkinId),
      );
      return albums.flatMap((a) => {
        const t = types.get(a.checkinId);
        return t ? [{ scope: a.scope, types: [...t] }] : [];
      });
    },

    /** The rows as their owner receives them, other participants' hidden faces blurred. */
    async present(userId: number, albums: AlbumContext[], rows: AlbumMediaRow[]): Promise<Media[]> {
      // Rows of the album's own listings bring their hidden faces along (read with the page).
      const withFaces = rows.every((r) => r.hiddenFaces !== undefined);
      const [bought, hidden] = await Promise.all([
        purchasedOf(userId, albums, rows),
        rows.length === 0 || !deps.hiddenFor
          ? new Map<number, number[]>()
          : withFaces
            ? new Map(
                rows.flatMap((r) => (r.hiddenFaces ? [[r.id, r.hiddenFaces.map(Number)] as const] : [])),
              )
            : deps.hiddenFor(
                userId,
                rows.map((r) => r.id),
              ),
      ]);
      if (bought.size === 0)
        return rows.map((row) => mediaDto(userId, row, deps.mediaFiles, null, hidden.get(row.id)));
      const services = new Map<number, { hd: boolean; name: string }>();
      for (const serviceId of new Set(rows.filter((r) => bought.has(r.id)).map((r) => r.photoServiceId))) {
        const service = await photoServicesRepository(deps.db).findById(serviceId);
        if (service) {
          services.set(serviceId, {
            hd: hdAvailability(service, deps.now()) === 'available',
            name: service.name,
          });
        }
      }
      return rows.map((row) => {
        const faces = hidden.get(row.id);
        if (!bought.has(row.id)) return mediaDto(userId, row, deps.mediaFiles, null, faces);
        const service = services.get(row.photoServiceId);
        const checkinId = bought.get(row.id);
        const download =
          service?.hd && deps.downloadUrl && checkinId !== undefined
            ? deps.downloadUrl(
                row.id,
                mediaDownloadName(service.name, row.id, row.type),
                { userId, checkinId },
                row.type === 'video' ? undefined : faces,
              )
            : null;
        return mediaDto(userId, row, deps.mediaFiles, { purchased: true, downloadUrl: download }, faces);
      });
    },
  };
}
export type AlbumPurchasesView = ReturnType<typeof albumPurchasesView>;
