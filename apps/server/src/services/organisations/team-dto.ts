import type { Invitation, Member, Organisation } from '@fotodrop/contract';
import type { InvitationRow, MemberWithUser, OrganisationRow } from '../../repositories/team.repository';

export function organisationDto(row: OrganisationRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    app_name: row.appName,
    country: row.country,
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
  };
}

export function memberDto(row: MemberWithUser): Member {
  return {
    id: row.id,
    user_id: row.userId,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    created_at: row.createdAt.toISOString(),
  };
}

export function invitationDto(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}
