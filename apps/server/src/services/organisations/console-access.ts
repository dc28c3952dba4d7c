import {
  type ConsoleAction,
  type OrganisationRole,
  PLATFORM_STAFF_PERMISSION,
  roleIsEventBound,
  roleMay,
} from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import type { PhotoServiceRow } from '../../repositories/photo-services.repository';
import { type OrganisationRow, teamRepository } from '../../repositories/team.repository';
import type { AuthContext } from '../accounts/auth.service';

/** Who is acting in the console: a member with a role, or platform staff (null role: every action). */
export interface ConsoleActor {
  userId: number;
  role: OrganisationRole | null;
  staff: boolean;
  /** The membership's id; undefined for staff outside the organisation. */
  memberId?: number;
}

export const eventNotFound = () => new NotFoundError('Event not found.');
export const organisationNotFound = () => new NotFoundError('Organisation not found.');

const refused = (action: ConsoleAction) =>
  new ForbiddenError(undefined, `Your role in this organisation does not allow this (${action}).`);

/**
 * The one role check of every console call (issue 18), read from the database on every call so a
 * removed member's next request is refused. Someone outside the organisation (or a photographer
 * not assigned to the event) gets 404, as for something that does not exist: ids and slugs tell an
 * outsider nothing. A member whose role does not allow the action gets 403. Platform staff may do
 * everything everywhere.
 */
export function consoleAccess(db: Queryable) {
  const team = () => teamRepository(db);

  /** The caller as a member (or staff) of the organisation; null for an outsider. */
  function actorOf(
    auth: AuthContext,
    member: { id: number; role: OrganisationRole } | null | undefined,
    staff: boolean,
  ): ConsoleActor | null {
    if (member) return { userId: auth.user.id, role: member.role, staff, memberId: member.id };
    return staff ? { userId: auth.user.id, role: null, staff } : null;
  }

  const may = (actor: ConsoleActor, action: ConsoleAction) =>
    actor.staff || (actor.role !== null && roleMay(actor.role, action));

  return {
    /** An organisation the caller may do `action` in. */
    async organisation(
      auth: AuthContext,
      organisationId: number,
      action: ConsoleAction,
    ): Promise<{ organisation: OrganisationRow; actor: ConsoleActor }> {
      // one statement: an organisation that does not exist has no member, so 404 as before
      const found = await team().organisationWithMember(
        organisationId,
        auth.user.id,
        PLATFORM_STAFF_PERMISSION,
      );
      const actor = actorOf(auth, found?.member, found?.permitted === true);
      if (!found || !actor) throw organisationNotFound();
      if (!may(actor, action)) throw refused(action);
      return { organisation: found.organisation, actor };
    },

    /** An event (by slug) the caller may do `action` on; photographers only on their assigned events. */
    async event(
      auth: AuthContext,
      slug: string,
      action: ConsoleAction,
    ): Promise<{ event: PhotoServiceRow; actor: ConsoleActor }> {
      // one statement: the event, the caller's membership, assignment and staff permission
      const event = await team().eventWithMember(slug, auth.user.id, PLATFORM_STAFF_PERMISSION);
      const actor = event && actorOf(auth, event.member, event.permitted === true);
      if (!event || !actor) throw eventNotFound();
      if (!actor.staff && actor.role && roleIsEventBound(actor.role) && !event.assigned)
        throw eventNotFound();
      if (!may(actor, action)) throw refused(action);
      return { event: event.row, actor };
    },
  };
}
export type ConsoleAccess = ReturnType<typeof consoleAccess>;
