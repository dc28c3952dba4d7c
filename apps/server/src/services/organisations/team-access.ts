import { type OrganisationRole, PLATFORM_STAFF_PERMISSION } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import { ForbiddenError } from '../../http/errors';
import { type OrganisationRow, teamRepository } from '../../repositories/team.repository';
import { usersRepository } from '../../repositories/users.repository';
import type { AuthContext } from '../accounts/auth.service';
import { organisationNotFound } from './console-access';

export { organisationNotFound };

/**
 * Who may manage an organisation's team, read from the database on every call (a removed member's
 * next request is refused): its owners and platform staff. Another member gets 403 (they can see
 * the organisation); anyone else 404, the same as for an organisation that does not exist, so ids
 * tell an outsider nothing.
 */
export async function requireTeamManager(
  db: Queryable,
  auth: AuthContext,
  organisationId: number,
): Promise<{ organisation: OrganisationRow; role: OrganisationRole | null }> {
  const team = teamRepository(db);
  const [membership, staff] = await Promise.all([
    team.membership(organisationId, auth.user.id),
    usersRepository(db).hasPermission(auth.user.id, PLATFORM_STAFF_PERMISSION),
  ]);
  if (!membership && !staff) throw organisationNotFound();
  if (membership?.role !== 'owner' && !staff) {
    throw new ForbiddenError(undefined, "Only the organisation's owners manage its team.");
  }
  const organisation = await team.organisationById(organisationId);
  if (!organisation) throw organisationNotFound();
  return { organisation, role: membership?.role ?? null };
}
