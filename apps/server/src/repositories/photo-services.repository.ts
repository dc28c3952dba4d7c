import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { galleries, photoServices, picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';

export type PhotoServiceRow = typeof photoServices.$inferSelect;
export type PicacodeRow = typeof picacodes.$inferSelect;
export type GalleryRow = typeof galleries.$inferSelect;

export function photoServicesRepository(db: Queryable) {
  return {
    async findById(id: number): Promise<PhotoServiceRow | undefined> {
      const [row] = await db.select().from(photoServices).where(eq(photoServices.id, id));
      return row;
    },
    async findBySlug(slug: string): Promise<PhotoServiceRow | undefined> {
      const [row] = await db.select().from(photoServices).where(eq(photoServices.slug, slug));
      return row;
    },
    /** Published calendar events of an organisation ending on or after `from` and starting on or before `to`. */
    async calendar(organisationId: number, from: string, to: string | null): Promise<PhotoServiceRow[]> {
      return db
        .select()
        .from(photoServices)
        .where(
          and(
            eq(photoServices.organisationId, organisationId),
            eq(photoServices.showInCalendar, true),
            // drafts are not open yet, archived events are over (issue 18)
            eq(photoServices.status, 'published'),
            gte(photoServices.endDate, from),
            to ? lte(photoServices.startDate, to) : undefined,
          ),
        )
        .orderBy(asc(photoServices.startDate), asc(photoServices.id))
        .limit(100);
    },
    /**
     * Published events of an organisation live at `now` (decision, issue 8): an explicit live window
     * (`live_from`…`live_to`, open-ended without `live_to`) when the organiser set one, otherwise
     * the event's own days (`start_date`…`end_date`, UTC). Holiday stays are never "live". The one
     * that started last comes first, so a race today wins over a festival week around it.
     */
    async live(organisationId: number, now: Date, slug: string | null): Promise<PhotoServiceRow[]> {
      const today = now.toISOString().slice(0, 10);
      return db
        .select()
        .from(photoServices)
        .where(
          and(
            eq(photoServices.organisationId, organisationId),
            eq(photoServices.experienceType, 'event'),
            eq(photoServices.status, 'published'),
            or(
              and(
                isNotNull(photoServices.liveFrom),
                lte(photoServices.liveFrom, now),
                or(isNull(photoServices.liveTo), gte(photoServices.liveTo, now)),
              ),
              and(
                isNull(photoServices.liveFrom),
                lte(photoServices.startDate, today),
                gte(photoServices.endDate, today),
              ),
            ),
            slug ? eq(photoServices.slug, slug) : undefined,
          ),
        )
        .orderBy(
          desc(sql`coalesce(${photoServices.liveFrom}, ${photoServices.startDate}::timestamptz)`),
          asc(photoServices.id),
        )
        .limit(1);
    },
    async insert(row: typeof photoServices.$inferInsert): Promise<PhotoServiceRow> {
      const [created] = await db.insert(photoServices).values(row).returning();
      if (!created) throw new Error('photo service insert returned nothing');
      return created;
    },
    async setPackagePrices(id: number, prices: PhotoServiceRow['packagePrices']): Promise<void> {
      await db.update(photoServices).set({ packagePrices: prices }).where(eq(photoServices.id, id));
    },
    async insertGallery(row: typeof galleries.$inferInsert): Promise<GalleryRow> {
      const [created] = await db.insert(galleries).values(row).returning();
      if (!created) throw new Error('gallery insert returned nothing');
      return created;
    },
    async insertPicacode(row: typeof picacodes.$inferInsert): Promise<PicacodeRow> {
      const [created] = await db.insert(picacodes).values(row).returning();
      if (!created) throw new Error('picacode insert returned nothing');
      return created;
    },
    async findPicacode(code: string): Promise<PicacodeRow | undefined> {
      const [row] = await db.select().from(picacodes).where(eq(picacodes.code, code));
      return row;
    },
    /**
     * A code a participant may use to open an album or a preview: not revoked. decision (issue 18):
     * a revoked code answers exactly like one never issued, so a lost card tells its finder nothing.
     */
    async findOpenPicacode(code: string): Promise<PicacodeRow | undefined> {
      const [row] = await db
        .select()
        .from(picacodes)
        .where(and(eq(picacodes.code, code), isNull(picacodes.revokedAt)));
      return row;
    },
    async findPicacodeById(id: number): Promise<PicacodeRow | undefined> {
      const [row] = await db.select().from(picacodes).where(eq(picacodes.id, id));
      return row;
    },
    /** The code that opens the whole event, if the organiser issued one. */
    async eventWideCode(photoServiceId: number): Promise<string | null> {
      const [row] = await db
        .select({ code: picacodes.code })
        .from(picacodes)
        .where(and(eq(picacodes.photoServiceId, photoServiceId), eq(picacodes.kind, 'event')))
        .orderBy(asc(picacodes.id))
        .limit(1);
      return row?.code ?? null;
    },
  };
}
