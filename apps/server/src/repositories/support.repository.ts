import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { checkins, photoServices, picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { organisations, passwordResetTokens } from '../db/schema';
import { faqGroups, faqs, supportHolidays, supportRequests } from '../db/support-schema';

export type FaqGroupRow = typeof faqGroups.$inferSelect;
export type FaqRow = typeof faqs.$inferSelect;
export type SupportRequestRow = typeof supportRequests.$inferSelect;

export function supportRepository(db: Queryable) {
  return {
    /**
     * Whether the user has shown they read their account's mailbox: a password reset link sent
     * there was used. (Sign-up does not verify the address: anyone may type anyone's.)
     */
    async emailProven(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, userId), isNotNull(passwordResetTokens.usedAt)))
        .limit(1);
      return row !== undefined;
    },
    /**
     * FAQ groups that apply: the event's own (when given), the organisation's, the platform's, in
     * that order (the most specific first), each by position.
     */
    async faqGroups(scope: {
      organisationId: number | null;
      eventId: number | null;
    }): Promise<FaqGroupRow[]> {
      const platform = and(isNull(faqGroups.organisationId), isNull(faqGroups.photoServiceId));
      const organisation =
        scope.organisationId === null
          ? undefined
          : and(eq(faqGroups.organisationId, scope.organisationId), isNull(faqGroups.photoServiceId));
      const event = scope.eventId === null ? undefined : eq(faqGroups.photoServiceId, scope.eventId);
      return db
        .select()
        .from(faqGroups)
        .where(or(platform, organisation, event))
        .orderBy(
          sql`case when ${faqGroups.photoServiceId} is not null then 0 when ${faqGroups.organisationId} is not null then 1 else 2 end`,
          asc(faqGroups.position),
          asc(faqGroups.id),
        );
    },
    async faqsOf(groupIds: number[]): Promise<FaqRow[]> {
      if (groupIds.length === 0) return [];
      return db
        .select()
        .from(faqs)
        .where(inArray(faqs.groupId, groupIds))
        .orderBy(asc(faqs.position), asc(faqs.id));
    },
    /** The events of a user's albums, newest first. */
    async eventsOfUser(userId: number): Promise<{ id: number; name: string; startDate: string }[]> {
      return db
        .selectDistinct({
          id: photoServices.id,
          name: photoServices.name,
          startDate: photoServices.startDate,
        })
        .from(checkins)
        .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId))
        .where(eq(checkins.userId, userId))
        .orderBy(desc(photoServices.startDate), desc(photoServices.id))
        .limit(100);
    },
    /** The event an album code opens (any kind of code), or undefined for a code of no album. */
    async eventOfCode(
      code: string,
    ): Promise<{ id: number; name: string; organisationId: number } | undefined> {
      const [row] = await db
        .select({
          id: photoServices.id,
          name: photoServices.name,
          organisationId: photoServices.organisationId,
        })
        .from(picacodes)
        .innerJoin(photoServices, eq(photoServices.id, picacodes.photoServiceId))
        .where(eq(picacodes.code, code));
      return row;
    },
    async event(id: number): Promise<{ id: number; organisationId: number } | undefined> {
      const [row] = await db
        .select({ id: photoServices.id, organisationId: photoServices.organisationId })
        .from(photoServices)
        .where(eq(photoServices.id, id));
      return row;
    },
    async organisation(
      id: number,
    ): Promise<{ id: number; name: string; supportEmail: string | null; timeZone: string } | undefined> {
      const [row] = await db
        .select({
          id: organisations.id,
          name: organisations.name,
          supportEmail: organisations.supportEmail,
          timeZone: organisations.timeZone,
        })
        .from(organisations)
        .where(eq(organisations.id, id));
      return row;
    },
    /** The organisation's holidays from `from` to `to` (inclusive, YYYY-MM-DD), as a set of days. */
    async holidays(organisationId: number, from: string, to: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ day: supportHolidays.day, name: supportHolidays.name })
        .from(supportHolidays)
        .where(
          and(
            eq(supportHolidays.organisationId, organisationId),
            gte(supportHolidays.day, from),
            lte(supportHolidays.day, to),
          ),
        );
      return new Map(rows.map((r) => [r.day, r.name]));
    },
    async insertRequest(row: typeof supportRequests.$inferInsert): Promise<SupportRequestRow> {
      const [stored] = await db.insert(supportRequests).values(row).returning();
      if (!stored) throw new Error('support request insert returned nothing');
      return stored;
    },
  };
}
