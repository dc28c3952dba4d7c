import { BIB_MAX_DIGITS, BIB_MIN_DIGITS, BIB_TAG_PREFIX, compareBibs } from '@fotodrop/contract';
import { eq, sql } from 'drizzle-orm';
import { media, photoServices } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { eventBibs, mediaBibs } from '../db/race-schema';
import { rowsOf } from './metric-events.repository';

/** A tag that is a photo's bib (`bibOfTag` of the contract, in SQL). */
export const BIB_TAG_PATTERN = `^${BIB_TAG_PREFIX}[0-9]{${BIB_MIN_DIGITS},${BIB_MAX_DIGITS}}$`;

/** A text[] parameter of bib numbers: digits only, so the array literal needs no quoting. */
const numbersArray = (numbers: readonly string[]) => sql`${`{${numbers.join(',')}}`}::text[]`;

/**
 * The organiser's side of race-day bibs (issue 20): an event's issued list and recognition switch,
 * and a photo's bibs as the organiser corrects them. Recognition's own writes are in
 * `media-bibs.repository.ts`.
 */
export function organiserBibsRepository(db: Queryable) {
  return {
    /** The issued numbers, in the order the organiser thinks of them. */
    async issued(photoServiceId: number): Promise<string[]> {
      const rows = await db
        .select({ number: eventBibs.number })
        .from(eventBibs)
        .where(eq(eventBibs.photoServiceId, photoServiceId));
      return rows.map((r) => r.number).sort(compareBibs);
    },

    /**
     * The whole issued list replaced in one statement whatever its size (one array parameter of up
     * to 100,000 numbers, ~0.6 MB), answering whether it changed. Call inside a transaction.
     */
    async replaceIssued(photoServiceId: number, numbers: readonly string[]): Promise<boolean> {
      const list = numbersArray(numbers);
      const result = await db.execute(sql`
        with gone as (
          delete from ${eventBibs}
           where ${eventBibs.photoServiceId} = ${photoServiceId} and ${eventBibs.number} <> all(${list})
          returning 1
        ), added as (
          insert into ${eventBibs} (photo_service_id, number)
          select ${photoServiceId}, n from unnest(${list}) as n
          on conflict do nothing
          returning 1
        )
        select (select count(*) from gone) + (select count(*) from added) as changed`);
      const [row] = rowsOf<{ changed: number | string }>(result);
      return Number(row?.changed ?? 0) > 0;
    },

    async setRecognition(photoServiceId: number, on: boolean): Promise<void> {
      await db.update(photoServices).set({ bibRecognition: on }).where(eq(photoServices.id, photoServiceId));
    },

    /**
     * A photo's bibs after the organiser's correction: listed numbers recognition read stay `ocr`,
     * others become `manual` (a reading taken off earlier too); `ocr` ones left out become
     * `removed` (a re-read does not bring them back); `manual` ones left out are deleted. The
     * caller then mirrors the tags (`mediaBibsRepository.syncTags`), in the same transaction.
     */
    async correct(mediaId: number, numbers: readonly string[]): Promise<void> {
      const list = numbersArray(numbers);
      await db.execute(sql`
        update ${mediaBibs} set source = 'removed'
         where ${mediaBibs.mediaId} = ${mediaId} and ${mediaBibs.source} = 'ocr'
           and ${mediaBibs.number} <> all(${list})`);
      await db.execute(sql`
        delete from ${mediaBibs}
         where ${mediaBibs.mediaId} = ${mediaId} and ${mediaBibs.source} = 'manual'
           and ${mediaBibs.number} <> all(${list})`);
      if (numbers.length === 0) return;
      await db.execute(sql`
        insert into ${mediaBibs} (media_id, number, source, confidence)
        select ${mediaId}, n, 'manual', null from unnest(${list}) as n
        on conflict (media_id, number) do update set source = 'manual', confidence = null
         where ${mediaBibs.source} = 'removed'`);
    },

    /**
     * A new upload's `bib-<number>` tags (given by the uploader, the ingest tool or the demo) become
     * its `manual` bibs, so that the tags and the bibs stay one list.
     */
    async adoptTags(mediaId: number): Promise<void> {
      await db.execute(sql`
        insert into ${mediaBibs} (media_id, number, source)
        select ${media.id}, substr(t, ${BIB_TAG_PREFIX.length + 1}), 'manual'
          from ${media}, unnest(${media.tags}) as t
         where ${media.id} = ${mediaId} and t ~ ${BIB_TAG_PATTERN}
        on conflict do nothing`);
    },
  };
}

export type OrganiserBibsRepository = ReturnType<typeof organiserBibsRepository>;
