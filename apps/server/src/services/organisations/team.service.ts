import {
  type createOrganisationBodySchema,
  ErrorCode,
  type Invitation,
  type Member,
  type MyOrganisation,
  type Organisation,
  type OrganisationRole,
  type PhotographerCandidate,
  PLATFORM_STAFF_PERMISSION,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Db } from '../../db/client';
import { DomainError, NotFoundError, ValidationError } from '../../http/errors';
import { teamRepository } from '../../repositories/team.repository';
import type { AuthContext, AuthService } from '../accounts/auth.service';
import { consoleAccess } from './console-access';
import { createInvitation } from './invitations';
import { requireTeamManager } from './team-access';
import { invitationDto, memberDto, organisationDto } from './team-dto';

export interface TeamDeps {
  db: Db;
  jobs: JobQueue;
  auth: AuthService;
  now: () => Date;
}

/** Subdomains the platform keeps for itself (its own site, its API and mail hosts). */
const RESERVED_APP_NAMES = new Set([
  'www',
  'api',
  'admin',
  'app',
  'mail',
  'smtp',
  'static',
  'cdn',
  'metrics',
]);

const memberNotFound = () => new NotFoundError('This person is not a member of the organisation.');
const lastOwner = (what: 'remove' | 'demote') =>
  new DomainError(
    409,
    ErrorCode.lastOwner,
    what === 'remove'
      ? 'The last owner cannot be removed: make another member owner first.'
      : "The last owner's role cannot change: make another member owner first.",
  );

/** Organisations and their teams (issue 18): creation by staff, members, roles, invitations. */
export function teamService(deps: TeamDeps) {
  const { db, now } = deps;
  async function createWithOwnerInvitation(
    body: z.output<typeof createOrganisationBodySchema>,
    invitedBy: number | null,
    linkBase: string,
  ): Promise<{ organisation: Organisation; link: string }> {
    if (RESERVED_APP_NAMES.has(body.app_name)) {
      throw new ValidationError({ app_name: ['app_name.reserved'] }, 'This subdomain is reserved.');
    }
    const { organisation, send, link } = await db.transaction(async (tx) => {
      const created = await teamRepository(tx).insertOrganisation({
        name: body.name,
        appName: body.app_name,
        country: body.country,
        currency: body.currency,
      });
      if (!created) {
        throw new ValidationError({ app_name: ['app_name.taken'] }, 'This subdomain is already taken.');
      }
      const invited = await createInvitation(
        tx,
        { organisation: created, email: body.owner_email, role: 'owner', invitedBy },
        { now: now(), linkBase },
      );
      return { organisation: created, send: invited.send, link: invited.link };
    });
    await send(deps.jobs);
    return { organisation: organisationDto(organisation), link };
  }

  return {
    /** Staff only: the organisation and its owner's invitation together, the e-mail once stored. */
    async createOrganisation(
      auth: AuthContext,
      body: z.output<typeof createOrganisationBodySchema>,
      linkBase: string,
    ): Promise<Organisation> {
      await deps.auth.requirePermission(auth, PLATFORM_STAFF_PERMISSION);
      return (await createWithOwnerInvitation(body, auth.user.id, linkBase)).organisation;
    },

    /**
     * The operator's command line on a fresh install (`npm run create-organisation`): no staff
     * account needed, the same checks; answers the owner's invitation link as well.
     */
    async createOrganisationAsOperator(
      body: z.output<typeof createOrganisationBodySchema>,
      linkBase: string,
    ): Promise<{ organisation: Organisation; link: string }> {
      return createWithOwnerInvitation(body, null, linkBase);
    },

    async myOrganisations(auth: AuthContext): Promise<{ results: MyOrganisation[] }> {
      const rows = await teamRepository(db).organisationsOf(auth.user.id);
      return { results: rows.map((row) => ({ ...organisationDto(row), role: row.role })) };
    },

    async members(
      auth: AuthContext,
      organisationId: number,
    ): Promise<{ results: Member[]; invitations: Invitation[] }> {
      await requireTeamManager(db, auth, organisationId);
      const team = teamRepository(db);
      const [members, invitations] = await Promise.all([
        team.members(organisationId),
        team.openInvitations(organisationId, now()),
      ]);
      return { results: members.map(memberDto), invitations: invitations.map(invitationDto) };
    },

    /**
     * The organisation's photographers for whoever assigns them to events (events.manage): a
     * manager runs events but does not manage the team, so reads only these, never the whole list.
     */
    async photographers(
      auth: AuthContext,
      organisationId: number,
    ): Promise<{ results: PhotographerCandidate[] }> {
      await consoleAccess(db).organisation(auth, organisationId, 'events.manage');
      const rows = await teamRepository(db).membersWithRole(organisationId, 'photographer');
      return {
        results: rows.map((m) => ({
          id: m.id,
          email: m.email,
          first_name: m.firstName,
          last_name: m.lastName,
        })),
      };
    },

    async invite(
      auth: AuthContext,
      organisationId: number,
      body: { email: string; role: OrganisationRole },
      linkBase: string,
    ): Promise<Invitation> {
      const { organisation } = await requireTeamManager(db, auth, organisationId);
      const members = await teamRepository(db).members(organisationId);
      if (members.some((m) => m.email.toLowerCase() === body.email)) {
        throw new DomainError(
          409,
          ErrorCode.alreadyMember,
          'This person is already a member: change their role instead.',
          {
            fields: { email: ['email.already_member'] },
          },
        );
      }
      const { invitation, send } = await db.transaction((tx) =>
        createInvitation(
          tx,
          { organisation, email: body.email, role: body.role, invitedBy: auth.user.id },
          { now: now(), linkBase },
        ),
      );
      await send(deps.jobs);
      return invitationDto(invitation);
    },

    async updateMember(
      auth: AuthContext,
      organisationId: number,
      memberId: number,
      role: OrganisationRole,
    ): Promise<Member> {
      await requireTeamManager(db, auth, organisationId);
      return db.transaction(async (tx) => {
        const team = teamRepository(tx);
        await team.lockOrganisation(organisationId);
        const member = await team.member(organisationId, memberId);
        if (!member) throw memberNotFound();
        if (member.role === 'owner' && role !== 'owner' && (await team.ownerCount(organisationId)) <= 1) {
          throw lastOwner('demote');
        }
        await team.setRole(member.id, role);
        return memberDto({ ...member, role });
      });
    },

    async removeMember(
      auth: AuthContext,
      organisationId: number,
      memberId: number,
    ): Promise<{ detail: string }> {
      await requireTeamManager(db, auth, organisationId);
      await db.transaction(async (tx) => {
        const team = teamRepository(tx);
        await team.lockOrganisation(organisationId);
        const member = await team.member(organisationId, memberId);
        if (!member) throw memberNotFound();
        if (member.role === 'owner' && (await team.ownerCount(organisationId)) <= 1)
          throw lastOwner('remove');
        await team.removeMember(member.id);
      });
      return { detail: 'The member has been removed.' };
    },
  };
}
export type TeamService = ReturnType<typeof teamService>;
