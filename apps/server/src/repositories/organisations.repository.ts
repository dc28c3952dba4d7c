import { and, eq } from 'drizzle-orm';
import { photoServices, picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { organisations, ssoIntegrations } from '../db/schema';

export type OrganisationRow = typeof organisations.$inferSelect;
export type SsoIntegrationRow = typeof ssoIntegrations.$inferSelect;

export function organisationsRepository(db: Queryable) {
  return {
    async findByAppName(appName: string): Promise<OrganisationRow | undefined> {
      const [row] = await db.select().from(organisations).where(eq(organisations.appName, appName));
      return row;
    },
    async findById(id: number): Promise<OrganisationRow | undefined> {
      const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
      return row;
    },
    async upsert(org: typeof organisations.$inferInsert): Promise<OrganisationRow> {
      const [row] = await db
        .insert(organisations)
        .values(org)
        .onConflictDoUpdate({ target: organisations.appName, set: org })
        .returning();
      if (!row) throw new Error('organisation upsert returned nothing');
      return row;
    },
    /** Changes an organisation's columns (the owner's branding); the row as stored after. */
    async update(
      id: number,
      patch: Partial<typeof organisations.$inferInsert>,
    ): Promise<OrganisationRow | undefined> {
      if (Object.keys(patch).length === 0) return this.findById(id);
      const [row] = await db.update(organisations).set(patch).where(eq(organisations.id, id)).returning();
      return row;
    },
    /** Whether an album code belongs to one of the organisation's events. */
    async ownsCode(id: number, code: string): Promise<boolean> {
      const [row] = await db
        .select({ id: picacodes.id })
        .from(picacodes)
        .innerJoin(photoServices, eq(photoServices.id, picacodes.photoServiceId))
        .where(and(eq(photoServices.organisationId, id), eq(picacodes.code, code)));
      return row !== undefined;
    },
    async findIntegration(key: string): Promise<SsoIntegrationRow | undefined> {
      const [row] = await db.select().from(ssoIntegrations).where(eq(ssoIntegrations.key, key));
      return row;
    },
    async upsertIntegration(row: typeof ssoIntegrations.$inferInsert): Promise<void> {
      await db
        .insert(ssoIntegrations)
        .values(row)
        .onConflictDoUpdate({ target: ssoIntegrations.key, set: row });
    },
  };
}
