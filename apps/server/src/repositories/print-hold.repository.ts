import { and, eq, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { orders } from '../db/order-schema';
import { organisationOrderSettings } from '../db/refund-schema';

type HoldState = 'none' | 'held' | 'released' | 'cancelled';

/** Print orders held for review (issue 19) and the organisation setting behind it. */
export function printHoldRepository(db: Queryable) {
  return {
    async holdHours(organisationId: number | null): Promise<number> {
      if (organisationId === null) return 0;
      const [row] = await db
        .select({ hours: organisationOrderSettings.printHoldHours })
        .from(organisationOrderSettings)
        .where(eq(organisationOrderSettings.organisationId, organisationId));
      return row?.hours ?? 0;
    },
    async setHoldHours(organisationId: number, hours: number): Promise<void> {
      await db
        .insert(organisationOrderSettings)
        .values({ organisationId, printHoldHours: hours })
        .onConflictDoUpdate({
          target: organisationOrderSettings.organisationId,
          set: { printHoldHours: hours },
        });
    },
    /** Moves the order's hold from one state to another once: false when it was not in `from`. */
    async move(orderId: number, from: HoldState, to: HoldState, until?: Date | null): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ printHold: to, ...(until !== undefined ? { printHoldUntil: until } : {}) })
        .where(and(eq(orders.id, orderId), eq(orders.printHold, from)))
        .returning({ id: orders.id });
      return rows.length > 0;
    },
    /** Held orders whose review time has run out. */
    async due(now: Date): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.printHold, 'held'), lte(orders.printHoldUntil, sql`${now.toISOString()}`)))
        .limit(200);
      return rows.map((r) => r.id);
    },
  };
}
