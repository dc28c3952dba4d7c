import { and, asc, count, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { priceSheets } from '../db/price-schema';

export type PriceSheetRow = typeof priceSheets.$inferSelect;
type Fields = Pick<PriceSheetRow, 'name' | 'currency' | 'items' | 'packages'>;

/** An organisation's price sheets (issue 19); every call is scoped to the organisation. */
export function priceSheetsRepository(db: Queryable) {
  const ofOrganisation = (organisationId: number, id: number) =>
    and(eq(priceSheets.organisationId, organisationId), eq(priceSheets.id, id));
  return {
    async list(organisationId: number): Promise<PriceSheetRow[]> {
      return db
        .select()
        .from(priceSheets)
        .where(eq(priceSheets.organisationId, organisationId))
        .orderBy(asc(priceSheets.name), asc(priceSheets.id));
    },
    async count(organisationId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(priceSheets)
        .where(eq(priceSheets.organisationId, organisationId));
      return row?.n ?? 0;
    },
    async find(organisationId: number, id: number): Promise<PriceSheetRow | undefined> {
      const [row] = await db.select().from(priceSheets).where(ofOrganisation(organisationId, id));
      return row;
    },
    /** The sheet locked for the rest of the transaction: two edits queue behind each other. */
    async lock(organisationId: number, id: number): Promise<PriceSheetRow | undefined> {
      const [row] = await db
        .select()
        .from(priceSheets)
        .where(ofOrganisation(organisationId, id))
        .for('update');
      return row;
    },
    async insert(organisationId: number, fields: Fields): Promise<PriceSheetRow> {
      const [row] = await db
        .insert(priceSheets)
        .values({ organisationId, ...fields })
        .returning();
      if (!row) throw new Error('price sheet insert returned nothing');
      return row;
    },
    async update(organisationId: number, id: number, fields: Fields, at: Date): Promise<PriceSheetRow> {
      const [row] = await db
        .update(priceSheets)
        .set({ ...fields, updatedAt: at })
        .where(ofOrganisation(organisationId, id))
        .returning();
      if (!row) throw new Error('price sheet update returned nothing');
      return row;
    },
    async remove(organisationId: number, id: number): Promise<boolean> {
      const gone = await db.delete(priceSheets).where(ofOrganisation(organisationId, id)).returning();
      return gone.length > 0;
    },
  };
}
