import { eq } from 'drizzle-orm';
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
