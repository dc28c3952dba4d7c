import type { OrganisationRole } from '@fotodrop/contract';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { photoServices } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { organisations, users } from '../db/schema';
import { eventPhotographers, organisationInvitations, organisationMembers } from '../db/team-schema';
import type { PhotoServiceRow } from './photo-services.repository';

export type MemberRow = typeof organisationMembers.$inferSelect;
export type InvitationRow = typeof organisationInvitations.$inferSelect;
export type OrganisationRow = typeof organisations.$inferSelect;
export interface InvitationDetails {
  invitation: InvitationRow;
  organisationName: string;
  /** Null when the invitation names no inviter, or the inviter's account is gone. */
  inviterFirstName: string | null;
  inviterLastName: string | null;
  accountExists: boolean;
}

const memberColumns = {
  id: organisationMembers.id,
  organisationId: organisationMembers.organisationId,
  userId: organisationMembers.userId,
  role: organisationMembers.role,
  createdAt: organisationMembers.createdAt,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};
export type MemberWithUser = MemberRow & { email: string; firstName: string; lastName: string };

/** Organisation teams (memberships) and their invitations: all SQL of issue 18's team. */
export function teamRepository(db: Queryable) {
  return {
    /**
     * An event by slug, the user's membership in its organisation, whether the user is assigned to
     * it as a photographer and whether the user holds `permission`: one statement, the role check
     * of every event-bound console call (on PGlite each statement costs milliseconds).
     */
    async eventWithMember(
      slug: string,
      userId: number,
      permission: string,
    ): Promise<
      { row: PhotoServiceRow; member: MemberRow | null; assigned: boolean; permitted: boolean } | undefined
    > {
      // `photo_services.id` spelled out: inside the subquery a bare "id" would be its own table's.
      const [row] = await db
        .select({
          row: photoServices,
          member: organisationMembers,
          assigned: sql<boolean>`exists (select 1 from ${eventPhotographers} ep join ${organisationMembers} om on om.id = ep.member_id where ep.photo_service_id = "photo_services"."id" and om.user_id = ${userId})`,
          permitted: sql<boolean>`exists (select 1 from user_permissions p
            where p.user_id = ${userId} and p.perm = ${permission})`,
        })
        .from(photoServices)
        .leftJoin(
          organisationMembers,
          and(
            eq(organisationMembers.organisationId, photoServices.organisationId),
            eq(organisationMembers.userId, userId),
          ),
        )
        .where(eq(photoServices.slug, slug));
      return row;
    },
    /** The membership ids of an event's photographers. */
    async photographersOf(photoServiceId: number): Promise<number[]> {
      const rows = await db
        .select({ memberId: eventPhotographers.memberId })
        .from(eventPhotographers)
        .where(eq(eventPhotographers.photoServiceId, photoServiceId))
        .orderBy(asc(eventPhotographers.memberId));
      return rows.map((r) => r.memberId);
    },
    /** Replaces an event's photographers (membership ids of the event's organisation, checked by the caller). */
    async setPhotographers(photoServiceId: number, memberIds: number[]): Promise<void> {
      await db.delete(eventPhotographers).where(eq(eventPhotographers.photoServiceId, photoServiceId));
      if (memberIds.length > 0) {
        await db
          .insert(eventPhotographers)
          .values(memberIds.map((memberId) => ({ photoServiceId, memberId })));
      }
    },
    /** Inserts a new organisation; undefined when its app_name is taken (unique), so no pre-check race. */
    async insertOrganisation(row: typeof organisations.$inferInsert): Promise<OrganisationRow | undefined> {
      const [created] = await db.insert(organisations).values(row).onConflictDoNothing().returning();
      return created;
    },
    /**
     * The organisation, the user's membership in it and whether the user holds `permission`, in
     * one statement (every console call asks: on PGlite each statement costs milliseconds).
     */
    async organisationWithMember(
      id: number,
      userId: number,
      permission: string,
    ): Promise<{ organisation: OrganisationRow; member: MemberRow | null; permitted: boolean } | undefined> {
      const [row] = await db
        .select({
          organisation: organisations,
          member: organisationMembers,
          permitted: sql<boolean>`exists (select 1 from user_permissions p
            where p.user_id = ${userId} and p.perm = ${permission})`,
        })
        .from(organisations)
        .leftJoin(
          organisationMembers,
          and(
            eq(organisationMembers.organisationId, organisations.id),
            eq(organisationMembers.userId, userId),
          ),
        )
        .where(eq(organisations.id, id));
      return row;
    },
    async organisationById(id: number): Promise<OrganisationRow | undefined> {
      const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
      return row;
    },
    /** The caller's organisations with the caller's role, by name. */
    async organisationsOf(userId: number): Promise<(OrganisationRow & { role: OrganisationRole })[]> {
      const rows = await db
        .select({ organisation: organisations, role: organisationMembers.role })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
        .where(eq(organisationMembers.userId, userId))
        .orderBy(asc(organisations.name), asc(organisations.id));
      return rows.map((r) => ({ ...r.organisation, role: r.role }));
    },
    async membership(organisationId: number, userId: number): Promise<MemberRow | undefined> {
      const [row] = await db
        .select()
        .from(organisationMembers)
        .where(
          and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
        );
      return row;
    },
    async members(organisationId: number): Promise<MemberWithUser[]> {
      return db
        .select(memberColumns)
        .from(organisationMembers)
        .innerJoin(users, eq(users.id, organisationMembers.userId))
        .where(eq(organisationMembers.organisationId, organisationId))
        .orderBy(asc(organisationMembers.id));
    },
    /** The members with one role, in joining order. */
    async membersWithRole(organisationId: number, role: OrganisationRole): Promise<MemberWithUser[]> {
      return db
        .select(memberColumns)
        .from(organisationMembers)
        .innerJoin(users, eq(users.id, organisationMembers.userId))
        .where(
          and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.role, role)),
        )
        .orderBy(asc(organisationMembers.id));
    },
    async member(organisationId: number, memberId: number): Promise<MemberWithUser | undefined> {
      const [row] = await db
        .select(memberColumns)
        .from(organisationMembers)
        .innerJoin(users, eq(users.id, organisationMembers.userId))
        .where(
          and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.id, memberId)),
        );
      return row;
    },
    /**
     * Adds a member; someone who is a member already keeps their role (an invitation never demotes,
     * so it can never leave an organisation without an owner).
     */
    async addMember(organisationId: number, userId: number, role: OrganisationRole): Promise<MemberRow> {
      await db.insert(organisationMembers).values({ organisationId, userId, role }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(organisationMembers)
        .where(
          and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
        );
      if (!row) throw new Error('membership vanished after insert');
      return row;
    },
    async setRole(memberId: number, role: OrganisationRole): Promise<void> {
      await db.update(organisationMembers).set({ role }).where(eq(organisationMembers.id, memberId));
    },
    async removeMember(memberId: number): Promise<void> {
      await db.delete(organisationMembers).where(eq(organisationMembers.id, memberId));
    },
    /**
     * Locks the organisation's row for the rest of the transaction: changes to its owners queue
     * behind each other, so two of them cannot each leave the other as the "last" owner.
     */
    async lockOrganisation(organisationId: number): Promise<boolean> {
      const rows = await db
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, organisationId))
        .for('update');
      return rows.length > 0;
    },
    async ownerCount(organisationId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(organisationMembers)
        .where(
          and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.role, 'owner')),
        );
      return row?.n ?? 0;
    },
    /** The organisations whose only owner is this user (deleting the account would leave them none). */
    async soleOwnerships(userId: number): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: organisations.id, name: organisations.name })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
        .where(
          and(
            eq(organisationMembers.userId, userId),
            eq(organisationMembers.role, 'owner'),
            sql`not exists (select 1 from organisation_members o where o.organisation_id = ${organisationMembers.organisationId} and o.role = 'owner' and o.user_id <> ${userId})`,
          ),
        );
    },
    /** A new invitation; an open one of the same e-mail to the same organisation is replaced. */
    async insertInvitation(row: typeof organisationInvitations.$inferInsert): Promise<InvitationRow> {
      await db
        .delete(organisationInvitations)
        .where(
          and(
            eq(organisationInvitations.organisationId, row.organisationId),
            eq(organisationInvitations.email, row.email),
            isNull(organisationInvitations.acceptedAt),
          ),
        );
      const [created] = await db.insert(organisationInvitations).values(row).returning();
      if (!created) throw new Error('invitation insert returned nothing');
      return created;
    },
    async openInvitations(organisationId: number, now: Date): Promise<InvitationRow[]> {
      return db
        .select()
        .from(organisationInvitations)
        .where(
          and(
            eq(organisationInvitations.organisationId, organisationId),
            isNull(organisationInvitations.acceptedAt),
            gt(organisationInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(organisationInvitations.id));
    },
    async findInvitation(tokenHash: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(organisationInvitations)
        .where(eq(organisationInvitations.tokenHash, tokenHash));
      return row;
    },
    /**
     * An invitation with what its page shows: the organisation's name, the inviter's name and
     * whether the invited e-mail has an account (e-mails compare case-insensitively, as accounts do).
     */
    async invitationDetails(tokenHash: string): Promise<InvitationDetails | undefined> {
      const inviter = alias(users, 'inviter');
      const [row] = await db
        .select({
          invitation: organisationInvitations,
          organisationName: organisations.name,
          inviterFirstName: inviter.firstName,
          inviterLastName: inviter.lastName,
          accountExists: sql<boolean>`exists (select 1 from ${users} where lower(${users.email}) = lower(${organisationInvitations.email}))`,
        })
        .from(organisationInvitations)
        .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
        .leftJoin(inviter, eq(inviter.id, organisationInvitations.invitedBy))
        .where(eq(organisationInvitations.tokenHash, tokenHash));
      return row;
    },
    /** Marks an open, unexpired invitation accepted in one statement: of parallel accepts one wins. */
    async consumeInvitation(tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
      const [row] = await db
        .update(organisationInvitations)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(organisationInvitations.tokenHash, tokenHash),
            isNull(organisationInvitations.acceptedAt),
            gt(organisationInvitations.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
  };
}
