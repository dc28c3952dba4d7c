import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { checkins, photoServices, picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { users } from '../db/schema';
import { supportRequests } from '../db/support-schema';
import { containsPattern } from './like-pattern';

export interface CheckinFilters {
  search?: string | undefined;
  status?: 'pending' | 'complete' | undefined;
}

export interface SupportRequestFilters {
  search?: string | undefined;
  photoServiceId?: number | undefined;
}

export interface Page {
  limit: number;
  offset: number;
}

/** Who came to an event and what they asked support, for the organiser console (issue 18). */
export function organiserParticipantsRepository(db: Queryable) {
  function checkinsWhere(photoServiceId: number, f: CheckinFilters): SQL | undefined {
    const pattern = f.search ? containsPattern(f.search) : undefined;
    return and(
      eq(checkins.photoServiceId, photoServiceId),
      f.status ? eq(checkins.status, f.status) : undefined,
      pattern
        ? or(
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(picacodes.code, pattern),
            ilike(picacodes.label, pattern),
          )
        : undefined,
    );
  }

  function requestsWhere(organisationId: number, f: SupportRequestFilters): SQL | undefined {
    const pattern = f.search ? containsPattern(f.search) : undefined;
    return and(
      eq(supportRequests.organisationId, organisationId),
      f.photoServiceId !== undefined ? eq(supportRequests.photoServiceId, f.photoServiceId) : undefined,
      pattern
        ? or(
            ilike(supportRequests.email, pattern),
            ilike(supportRequests.name, pattern),
            ilike(supportRequests.subject, pattern),
            ilike(supportRequests.picacode, pattern),
          )
        : undefined,
    );
  }

  return {
    /** One page of an event's check-ins, newest first, with the participant and the code. */
    async checkins(photoServiceId: number, filters: CheckinFilters, page: Page) {
      const where = checkinsWhere(photoServiceId, filters);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            checkin: checkins,
            email: users.email,
            isAnonymous: users.isAnonymous,
            firstName: users.firstName,
            lastName: users.lastName,
            code: picacodes.code,
            codeLabel: picacodes.label,
          })
          .from(checkins)
          .innerJoin(users, eq(users.id, checkins.userId))
          .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
          .where(where)
          .orderBy(desc(checkins.createdAt), desc(checkins.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: count() })
          .from(checkins)
          .innerJoin(users, eq(users.id, checkins.userId))
          .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** One page of an organisation's support requests, newest first, with the event named. */
    async supportRequests(organisationId: number, filters: SupportRequestFilters, page: Page) {
      const where = requestsWhere(organisationId, filters);
      const [rows, [total]] = await Promise.all([
        db
          .select({ request: supportRequests, eventSlug: photoServices.slug, eventName: photoServices.name })
          .from(supportRequests)
          .leftJoin(photoServices, eq(photoServices.id, supportRequests.photoServiceId))
          .where(where)
          .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(supportRequests).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A support request of the organisation (undefined for another organisation's). */
    async supportRequest(organisationId: number, id: number) {
      const [row] = await db
        .select()
        .from(supportRequests)
        .where(and(eq(supportRequests.organisationId, organisationId), eq(supportRequests.id, id)));
      return row;
    },

    /** An event of the organisation, by slug (for the support list's event filter). */
    async eventOf(organisationId: number, slug: string) {
      const [row] = await db
        .select({ id: photoServices.id })
        .from(photoServices)
        .where(and(eq(photoServices.organisationId, organisationId), eq(photoServices.slug, slug)));
      return row;
    },
  };
}
