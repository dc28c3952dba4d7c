import type { MediaType } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import { entitlementsRepository } from '../../repositories/entitlements.repository';

/**
 * Whom a download link was signed for (issue 19: a refunded line's downloads end, links already
 * handed out included): the buyer, and the album whose listing signed it — the album whose package
 * may be what covers the medium. Part of the signed path, so nobody can put themselves in.
 */
export interface DownloadOwner {
  userId: number;
  checkinId: number;
}

/** `<user id>-<album id>`, the path segment before the file name. */
export const ownerSegment = (owner: DownloadOwner): string => `${owner.userId}-${owner.checkinId}`;

/** The owner a path segment names; null when it is not one. */
export function ownerOf(segment: string): DownloadOwner | null {
  const match = /^(\d{1,12})-(\d{1,12})$/.exec(segment);
  return match ? { userId: Number(match[1]), checkinId: Number(match[2]) } : null;
}

/**
 * Whether the owner still holds the medium, by the entitlements the album offers downloads by (a
 * refund deletes them): one statement on two primary keys, so a download stays a file read.
 */
export function downloadRight(db: Queryable) {
  return (owner: DownloadOwner, mediaId: number, type: MediaType): Promise<boolean> =>
    entitlementsRepository(db).holds(owner.userId, mediaId, owner.checkinId, type);
}
export type DownloadRight = ReturnType<typeof downloadRight>;
