import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { privacyConsents } from '../db/consent-schema';

export type PrivacyConsentRow = typeof privacyConsents.$inferSelect;

export function privacyConsentsRepository(db: Queryable) {
  return {
    async insertMany(rows: (typeof privacyConsents.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(privacyConsents).values(rows).onConflictDoNothing();
    },
    async listForUser(userId: number): Promise<PrivacyConsentRow[]> {
      return db
        .select()
        .from(privacyConsents)
        .where(eq(privacyConsents.userId, userId))
        .orderBy(asc(privacyConsents.id));
    },
  };
}
