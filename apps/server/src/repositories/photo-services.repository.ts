import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
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
    /** Calendar events of an organisation ending on or after `from` and starting on or before `to`. */
    async calendar(organisationId: number, from: string, to: string | null): Promise<PhotoServiceRow[]> {
      return db
        .select()
        .from(photoServices)
        .where(
          and(
            eq(photoServices.organisationId, organisationId),
            eq(photoServices.showInCalendar, true),
            gte(photoServices.endDate, from),
            to ? lte(photoServices.startDate, to) : undefined,
          ),
        )
        .orderBy(asc(photoServices.startDate), asc(photoServices.id))
        .limit(100);
    },
    /** Events live at `now`, soonest-ending first. */
    async live(now: Date, slug: string | null): Promise<PhotoServiceRow[]> {
      return db
        .select()
        .from(photoServices)
        .where(
          and(
            isNotNull(photoServices.liveFrom),
            lte(photoServices.liveFrom, now),
            sql`(${photoServices.liveTo} is null or ${photoServices.liveTo} >= ${now})`,
            slug ? eq(photoServices.slug, slug) : undefined,
          ),
        )
        .orderBy(asc(photoServices.liveTo))
        .limit(1);
    },
    async insert(row: typeof photoServices.$inferInsert): Promise<PhotoServiceRow> {
      const [created] = await db.insert(photoServices).values(row).returning();
      if (!created) throw new Error('photo service insert returned nothing');
      return created;
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
