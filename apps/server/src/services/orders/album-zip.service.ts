import { type AlbumZip, DOWNLOAD_LINK_TTL_HOURS, ErrorCode, isLanguage } from '@fotodrop/contract';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { DomainError, NotFoundError } from '../../http/errors';
import { albumZipEmail } from '../../mail/album-zip-email';
import { readMade } from '../../media/deferred-derivatives';
import { albumZipName, mediaDownloadName } from '../../media/download-names';
import { readBlurred } from '../../media/face-blur';
import { type MediaUrlQuery, signMediaPath, verifyMediaUrl } from '../../media/signed-url';
import { type ZipEntrySource, zipStream } from '../../media/zip-writer';
import { albumMediaRepository } from '../../repositories/album-media.repository';
import { type AlbumZipRow, albumZipsRepository } from '../../repositories/album-zips.repository';
import {
  albumScope,
  type CheckinWithContext,
  checkinsRepository,
} from '../../repositories/checkins.repository';
import { purchasedInAlbum } from '../../repositories/entitlements.repository';
import { metricEventsRepository } from '../../repositories/metric-events.repository';
import { usersRepository } from '../../repositories/users.repository';
import type { AuthContext } from '../accounts/auth.service';
import type { AnonymizationService } from '../faces/anonymization.service';
import { MAIL_QUEUE } from '../mail/mail.jobs';
import { hdAvailability } from './hd-window';

export const ALBUM_ZIP_QUEUE = 'album-zip';

/** What the zip job is handed: the link origin is resolved in the request, never at job time. */
export interface AlbumZipJob {
  zipId: number;
  linkBase: string;
}

/** A zip waiting or building for longer than this is taken as lost (its job never queued): a new request starts another. */
const STALE_AFTER_MS = 6 * 3_600_000;
const HOUR_MS = 3_600_000;

const zipKey = (zipId: number) => `album-zips/${zipId}.zip`;
const zipPath = (apiBase: string, zipId: number, name: string) =>
  `${apiBase}/downloads/zips/${zipId}/${encodeURIComponent(name)}`;

const HD_NOT_YET = 'HD photos not yet available, try in a few days.';
const HD_ENDED = 'HD downloads of this album have ended.';

export interface AlbumZipDeps {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  /** Signs zip links, as media links are signed (`media/signed-url.ts`). */
  secret: string;
  now: () => Date;
  /** The API's path prefix, for the links it signs. */
  apiBase?: string;
  /** Progress is written after this many files or this much time, whichever comes first. */
  progressEvery?: { files: number; ms: number };
  /** Other participants' faces in anonymous mode: their photos go into the zip blurred. */
  anonymization?: Pick<AnonymizationService, 'hiddenFor' | 'makeBlurredFile'>;
}

/**
 * The album zip (albums spec §4 "Album download"): POST download-medias queues a job that streams
 * the user's bought originals into a zip in storage, then e-mails a signed link that expires
 * after DOWNLOAD_LINK_TTL_HOURS. The album shows the job's progress through GET download-medias.
 */
export function albumZipService(deps: AlbumZipDeps) {
  const zips = () => albumZipsRepository(deps.db);
  const apiBase = deps.apiBase ?? '/api';
  const progressEvery = deps.progressEvery ?? { files: 50, ms: 1000 };

  /** The user's own completed album, or 404 as every album endpoint answers for others' albums. */
  async function ownAlbum(userId: number, checkinId: number): Promise<CheckinWithContext> {
    const found = await checkinsRepository(deps.db).findForUser(userId, checkinId);
    if (found?.checkin.status !== 'complete') throw new NotFoundError('Album not found.');
    return found;
  }

  /** The album's media the user bought (one by one or by a package of their type), newest first. */
  async function purchasedMedia(userId: number, album: CheckinWithContext) {
    const members = await albumMediaRepository(deps.db).members({
      userId,
      scopes: [albumScope(album)],
      galleryIds: null,
      favouritesOnly: false,
    });
    const bought = await purchasedInAlbum(deps.db, userId, album.checkin.id, members);
    return members.filter((m) => bought.has(m.id));
  }

  function linkOf(zip: AlbumZipRow, eventName: string, picacode: string): string | null {
    if (zip.status !== 'ready' || !zip.storageKey || !zip.expiresAt || zip.expiresAt <= deps.now())
      return null;
    const path = zipPath(apiBase, zip.id, albumZipName(eventName, picacode));
    return signMediaPath(path, { secret: deps.secret, expiresAt: zip.expiresAt });
  }

  /** Removes the files of zips whose links have expired; the rows stay, as the album's history. */
  async function removeExpired(): Promise<number> {
    const expired = await zips().expiredWithFiles(deps.now());
    for (const zip of expired) {
      await deps.storage.delete(zip.storageKey);
      await zips().update(zip.id, { storageKey: null });
    }
    return expired.length;
  }

  return {
    async request(
      auth: AuthContext,
      checkinId: number,
      ctx: { linkBase: string },
    ): Promise<{ detail: string }> {
      const userId = auth.user.id;
      const album = await ownAlbum(userId, checkinId);
      const hd = hdAvailability(album.service, deps.now());
      if (hd !== 'available')
        throw new DomainError(400, ErrorCode.hdNotAvailable, hd === 'not_yet' ? HD_NOT_YET : HD_ENDED);
      const media = await purchasedMedia(userId, album);
      if (media.length === 0)
        throw new DomainError(
          400,
          ErrorCode.nothingPurchased,
          'You have not bought any photos or videos of this album yet.',
        );
      const detail = 'We are preparing your album. We will e-mail you a link to download it.';
      // One zip at a time per album: a second press while it builds answers the same, queues nothing.
      const created = await deps.db.transaction(async (tx) => {
        const repo = albumZipsRepository(tx);
        await repo.lockAlbum(checkinId);
        const since = new Date(deps.now().getTime() - STALE_AFTER_MS);
        if (await repo.pending(userId, checkinId, since)) return null;
        return repo.insert({
          userId,
          checkinId,
          status: 'queued',
          total: media.length,
          createdAt: deps.now(),
        });
      });
      if (!created) return { detail };
      try {
        await deps.jobs.send<AlbumZipJob>(
          ALBUM_ZIP_QUEUE,
          { zipId: created.id, linkBase: ctx.linkBase },
          // A zip of thousands of originals may take a while; it must not be started twice meanwhile.
          { singletonKey: `album-zip-${created.id}`, expireInSeconds: 2 * 3600, retryLimit: 3 },
        );
      } catch (error) {
        await zips().update(created.id, { status: 'failed', error: 'could not queue the job' });
        throw error;
      }
      return { detail };
    },

    /** The user's latest zip of the album: progress while it builds, its link once ready. */
    async status(auth: AuthContext, checkinId: number): Promise<AlbumZip | null> {
      const album = await ownAlbum(auth.user.id, checkinId);
      const zip = await zips().latest(auth.user.id, checkinId);
      if (!zip) return null;
      return {
        status: zip.status,
        done: zip.done,
        total: zip.total,
        // a refund since: the album offers a new zip of what is still bought instead
        url: zip.refunded ? null : linkOf(zip, album.service.name, album.picacode.code),
        expires_at: zip.expiresAt?.toISOString() ?? null,
        created_at: zip.createdAt.toISOString(),
      };
    },

    /**
     * The job: streams the bought originals into the zip in storage, writes progress as it goes,
     * e-mails the link. Idempotent: a finished zip is left alone, anything else is built again
     * (a retry after a crash rewrites the same key).
     */
    async build(job: AlbumZipJob): Promise<void> {
      const zip = await zips().find(job.zipId);
      if (!zip || zip.status === 'ready') return;
      const album = await checkinsRepository(deps.db).findForUser(zip.userId, zip.checkinId);
      const user = await usersRepository(deps.db).findById(zip.userId);
      if (!album || !user) {
        await zips().update(zip.id, { status: 'failed', error: 'album or user removed' });
        return;
      }
      try {
        const media = await purchasedMedia(zip.userId, album);
        await zips().update(zip.id, { status: 'building', done: 0, total: media.length, error: null });
        const eventName = album.service.name;
        const fallbackDate = deps.now();
        const hidden =
          (await deps.anonymization?.hiddenFor(
            zip.userId,
            media.filter((m) => m.type === 'photo').map((m) => m.id),
          )) ?? new Map<number, number[]>();
        const entries: ZipEntrySource[] = media.map((m) => ({
          name: mediaDownloadName(eventName, m.id, m.type),
          mtime: fallbackDate,
          async open() {
            const faces = m.type === 'photo' ? hidden.get(m.id) : undefined;
            if (faces) {
              // A photo with others' hidden faces: its blurred original, made now if the job has not; never the clear one.
              const blurred = await readBlurred(
                (key) => deps.storage.stream(key),
                deps.anonymization?.makeBlurredFile,
                m.id,
                faces,
                'original',
              );
              if (!blurred) throw new Error(`the blurred original of medium ${m.id} cannot be made`);
              return blurred.stream;
            }
            // An original the later job has not made yet is made now (deferred-derivatives.ts).
            const found = await readMade(
              (key) => deps.storage.stream(key),
              deps.storage,
              m.id,
              m.type === 'video' ? 'video' : 'original',
            );
            if (!found) throw new Error(`the file of medium ${m.id} is missing`);
            return found.stream;
          },
        }));
        // Progress in batches: one write per file would cost a statement per photo on huge albums.
        let written = 0;
        let saved = 0;
        let savedAt = Date.now();
        let saving: Promise<void> = Promise.resolve();
        const stream = zipStream(entries, {
          onEntryWritten: (n) => {
            written = n;
            if (n - saved < progressEvery.files && Date.now() - savedAt < progressEvery.ms) return;
            saved = n;
            savedAt = Date.now();
            saving = saving.then(() => zips().update(zip.id, { done: n }));
          },
        });
        const bytes = await deps.storage.putStream(zipKey(zip.id), stream, 'application/zip');
        await saving;
        const finishedAt = deps.now();
        const expiresAt = new Date(finishedAt.getTime() + DOWNLOAD_LINK_TTL_HOURS * HOUR_MS);
        const ready: AlbumZipRow = {
          ...zip,
          status: 'ready',
          storageKey: zipKey(zip.id),
          bytes,
          done: written,
          total: media.length,
          finishedAt,
          expiresAt,
        };
        // The e-mail is queued before the zip is marked ready: a crash between the two sends it
        // twice after the retry, rather than never.
        const link = linkOf(ready, eventName, album.picacode.code);
        await deps.jobs.send(
          MAIL_QUEUE,
          albumZipEmail({
            to: user.email,
            name: user.firstName || user.email,
            language: isLanguage(user.language) ? user.language : 'en',
            eventName,
            files: media.length,
            link: `${job.linkBase}${link}`,
            expiresInHours: DOWNLOAD_LINK_TTL_HOURS,
          }),
        );
        await zips().update(zip.id, {
          status: 'ready',
          storageKey: ready.storageKey,
          bytes,
          done: written,
          total: media.length,
          finishedAt,
          expiresAt,
          error: null,
        });
      } catch (error) {
        // Marked failed for the album to show; the queue retries, and a retry starts it again.
        await zips().update(zip.id, {
          status: 'failed',
          error: error instanceof Error ? error.message : 'failed',
        });
        throw error;
      }
      await removeExpired();
    },

    /**
     * A zip link's file, if its signature holds (`path` exactly as requested) and no line it was
     * made from has been refunded since (issue 19); the download is counted as a `zip_downloaded`
     * metric when it starts from the first byte.
     */
    async open(
      zipId: number,
      path: string,
      query: MediaUrlQuery,
    ): Promise<{ key: string; zip: AlbumZipRow }> {
      const verdict = verifyMediaUrl(path, query, { secret: deps.secret, now: deps.now() });
      if (verdict === 'expired')
        throw new DomainError(
          403,
          'link_expired',
          'This download link has expired. Ask for a new zip in your album.',
        );
      if (verdict !== 'ok') throw new DomainError(403, 'invalid_link', 'This link is not valid.');
      const zip = await zips().findChecked(zipId);
      if (!zip?.storageKey || zip.refunded)
        throw new NotFoundError('This zip is no longer available. Ask for a new one in your album.');
      return { key: zip.storageKey, zip };
    },

    async recordDownload(zip: AlbumZipRow): Promise<void> {
      // The spec's "zip downloaded" metric (albums spec §7), with the zip and album ids it names.
      await metricEventsRepository(deps.db).insert({
        type: 'zip_downloaded',
        userId: zip.userId,
        payload: { zip_id: zip.id, album_id: zip.checkinId, bytes: zip.bytes },
      });
    },

    removeExpired,
  };
}
export type AlbumZipService = ReturnType<typeof albumZipService>;
