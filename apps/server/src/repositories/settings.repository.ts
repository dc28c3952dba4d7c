import { eq } from 'drizzle-orm';
import { settings } from '../db/album-schema';
import type { Queryable } from '../db/client';

export function settingsRepository(db: Queryable) {
  return {
    /** The stored value, or `create()`'s result stored now; concurrent first starts agree on one value. */
    async getOrCreate(key: string, create: () => string): Promise<string> {
      await db.insert(settings).values({ key, value: create() }).onConflictDoNothing();
      const [row] = await db.select().from(settings).where(eq(settings.key, key));
      if (!row) throw new Error(`setting ${key} vanished`);
      return row.value;
    },
  };
}
