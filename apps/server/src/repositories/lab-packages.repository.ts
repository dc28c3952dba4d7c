import { asc, eq, inArray } from 'drizzle-orm';
import { media, photoServices } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { labPackages, orderLines, orders } from '../db/order-schema';
import { organisations } from '../db/schema';

export type LabPackageRow = typeof labPackages.$inferSelect;

/** What the print lab receives of a paid order, and what the lab package job reads to make it. */
export function labPackagesRepository(db: Queryable) {
  return {
    async find(orderId: number): Promise<LabPackageRow | undefined> {
      const [row] = await db.select().from(labPackages).where(eq(labPackages.orderId, orderId));
      return row;
    },
    /** Records the package once: a second run after a crash finds the row and keeps it. */
    async insert(row: typeof labPackages.$inferInsert): Promise<void> {
      await db.insert(labPackages).values(row).onConflictDoNothing();
    },
    async order(orderId: number) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },
    printLines(orderId: number) {
      return db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.id))
        .then((rows) => rows.filter((r) => r.kind === 'print' && r.print !== null));
    },
    /** Pixel sizes of the photos to print. */
    async photos(ids: number[]): Promise<Map<number, { width: number | null; height: number | null }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: media.id, width: media.width, height: media.height })
        .from(media)
        .where(inArray(media.id, ids));
      return new Map(rows.map((r) => [r.id, { width: r.width, height: r.height }]));
    },
    /** The event and organisation of a photo: a photobook's covers name them in the site's colours. */
    async branding(photoId: number) {
      const [row] = await db
        .select({ event: photoServices.name, organisation: organisations.name, theme: organisations.theme })
        .from(media)
        .innerJoin(photoServices, eq(photoServices.id, media.photoServiceId))
        .innerJoin(organisations, eq(organisations.id, photoServices.organisationId))
        .where(eq(media.id, photoId));
      return row;
    },
  };
}
