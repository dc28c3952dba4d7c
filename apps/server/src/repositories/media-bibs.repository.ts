import type { BibCandidate, MediaBib } from '@fotodrop/contract';
import { BIB_TAG_PREFIX } from '@fotodrop/contract';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { media } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { eventBibs, mediaBibs } from '../db/race-schema';
import { BIB_TAG_PATTERN } from './organiser-bibs.repository';

/**
 * The bibs of photos (issue 20). A photo's `ocr` and `manual` rows are mirrored into its
 * `bib-<number>` tags by `syncTags`, in the caller's transaction, because album codes and the
 * album counts' triggers read `media.tags`.
 */
export function mediaBibsRepository(db: Queryable) {
  return {
    /** Which of these numbers the event issued. */
    async issuedAmong(photoServiceId: number, numbers: readonly string[]): Promise<Set<string>> {
      if (numbers.length === 0) return new Set();
      const rows = await db
        .select({ number: eventBibs.number })
        .from(eventBibs)
        .where(and(eq(eventBibs.photoServiceId, photoServiceId), inArray(eventBibs.number, [...numbers])));
      return new Set(rows.map((r) => r.number));
    },

    /**
     * What recognition read on a photo replaces its previous reading. Numbers the organiser set
     * or took off (`manual`, `removed`) are left as they are. Call inside a transaction.
     */
    async replaceOcr(mediaId: number, read: readonly BibCandidate[]): Promise<void> {
      const numbers = read.map((r) => r.number);
      await db.delete(mediaBibs).where(
        and(
          eq(mediaBibs.mediaId, mediaId),
          eq(mediaBibs.source, 'ocr'),
          // drizzle spreads an array into a list of parameters: `<> all(${numbers})` was not an array
          numbers.length > 0 ? notInArray(mediaBibs.number, numbers) : undefined,
        ),
      );
      if (read.length > 0) {
        await db
          .insert(mediaBibs)
          .values(
            read.map((r) => ({
              mediaId,
              number: r.number,
              source: 'ocr' as const,
              confidence: r.confidence,
            })),
          )
          .onConflictDoUpdate({
            target: [mediaBibs.mediaId, mediaBibs.number],
            set: { confidence: sql`excluded.confidence` },
            setWhere: sql`${mediaBibs.source} = 'ocr'`,
          });
      }
      await db.update(media).set({ bibsReadAt: sql`now()` }).where(eq(media.id, mediaId));
      await this.syncTags(mediaId);
    },

    /** The photo's bibs as the console shows them, in numeric order. */
    async ofMedia(mediaIds: readonly number[]): Promise<Map<number, MediaBib[]>> {
      const out = new Map<number, MediaBib[]>();
      if (mediaIds.length === 0) return out;
      const rows = await db
        .select({
          mediaId: mediaBibs.mediaId,
          number: mediaBibs.number,
          source: mediaBibs.source,
          confidence: mediaBibs.confidence,
        })
        .from(mediaBibs)
        .where(and(inArray(mediaBibs.mediaId, [...mediaIds]), inArray(mediaBibs.source, ['ocr', 'manual'])))
        .orderBy(mediaBibs.mediaId, sql`length(${mediaBibs.number})`, mediaBibs.number);
      for (const r of rows) {
        const list = out.get(r.mediaId) ?? [];
        list.push({ number: r.number, source: r.source as 'ocr' | 'manual', confidence: r.confidence });
        out.set(r.mediaId, list);
      }
      return out;
    },

    /**
     * The photo's bib tags made equal to its `ocr` and `manual` rows; other tags untouched, `bib-…`
     * ones that are no bib number too (tags written by hand before issue 20).
     */
    async syncTags(mediaId: number): Promise<void> {
      await db.execute(sql`
        update ${media} set tags = array(
          select t from unnest(${media.tags}) as t where t !~ ${BIB_TAG_PATTERN}
          union all
          select ${BIB_TAG_PREFIX} || b.number from ${mediaBibs} b
           where b.media_id = ${mediaId} and b.source in ('ocr', 'manual')
        )
        where ${media.id} = ${mediaId}`);
    },
  };
}

export type MediaBibsRepository = ReturnType<typeof mediaBibsRepository>;
