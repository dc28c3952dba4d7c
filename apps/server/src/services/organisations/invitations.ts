import {
  type acceptInvitationBodySchema,
  ErrorCode,
  INVITATION_TTL_DAYS,
  type InvitationLookup,
  type MyOrganisation,
  newPasswordSchema,
  type OrganisationRole,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { PasswordHasher } from '../../adapters/password-hasher';
import { randomSecret, sha256 } from '../../adapters/secrets';
import type { Db, Queryable } from '../../db/client';
import { DomainError, ValidationError } from '../../http/errors';
import { invitationEmail } from '../../mail/invitation-email';
import { type InvitationRow, type OrganisationRow, teamRepository } from '../../repositories/team.repository';
import { usersRepository } from '../../repositories/users.repository';
import type { AuthContext, AuthService } from '../accounts/auth.service';
import { LIMITS, type RateLimiter } from '../accounts/rate-limiter';
import { MAIL_QUEUE } from '../mail/mail.jobs';
import { organisationDto } from './team-dto';

export interface InvitationDeps {
  db: Db;
  jobs: JobQueue;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  auth: AuthService;
  now: () => Date;
  /** The policies' edition a new account accepts with `accept_terms`, as sign-up records it. */
  requiredPoliciesVersion: number;
}

/** The page of the web app that accepts an invitation; the token is its `token` query parameter. */
export const INVITATION_PATH = '/organiser/invitation';

const invalidLink = (expired: boolean) =>
  new ValidationError(
    { token: [expired ? 'invitation.expired' : 'invitation.invalid'] },
    expired
      ? "This invitation has expired. Ask the organisation's owner for a new one."
      : 'This invitation link is not valid or has already been used.',
  );

/** The lookup's answers for a link that does not work: which one, so the page can say what to do. */
const lookupRefusal = (state: 'unknown' | 'used' | 'expired') =>
  state === 'unknown'
    ? new DomainError(404, ErrorCode.invitationNotFound, 'This invitation link is not valid.')
    : state === 'used'
      ? new DomainError(
          410,
          ErrorCode.invitationUsed,
          'This invitation has already been accepted. Sign in to open the organisation.',
        )
      : new DomainError(
          410,
          ErrorCode.invitationExpired,
          "This invitation has expired. Ask the organisation's owner for a new one.",
        );

/** A new account's password: missing, or the password rules' broken ones (i18n keys). */
function newAccountPasswordErrors(password: string | undefined): Record<string, string[]> {
  if (password === undefined) return { password: ['field.required'] };
  const checked = newPasswordSchema.safeParse(password);
  return checked.success ? {} : { password: checked.error.issues.map((i) => i.message) };
}

/** A new account's consents: the sign-up form's two, required here as there. */
function missingConsents(body: z.output<typeof acceptInvitationBodySchema>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (body.is_adult !== true) fields.is_adult = ['signup.adult_required'];
  if (body.accept_terms !== true) fields.accept_terms = ['signup.terms_required'];
  return fields;
}

/**
 * Stores an invitation (only the hash of its token) and queues its e-mail. `linkBase` is an origin
 * from the configuration (PUBLIC_URL), never from the request.
 */
export async function createInvitation(
  tx: Queryable,
  input: { organisation: OrganisationRow; email: string; role: OrganisationRole; invitedBy: number | null },
  ctx: { now: Date; linkBase: string },
): Promise<{ invitation: InvitationRow; link: string; send: (jobs: JobQueue) => Promise<void> }> {
  const token = randomSecret();
  const invitation = await teamRepository(tx).insertInvitation({
    organisationId: input.organisation.id,
    email: input.email,
    role: input.role,
    tokenHash: sha256(token),
    invitedBy: input.invitedBy,
    expiresAt: new Date(ctx.now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
  });
  const existing = await usersRepository(tx).findByEmail(input.email);
  const link = `${ctx.linkBase}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
  const message = invitationEmail({
    to: input.email,
    organisationName: input.organisation.name,
    role: input.role,
    language: existing?.language ?? 'en',
    link,
    expiresInDays: INVITATION_TTL_DAYS,
  });
  // queued after the transaction commits: no e-mail for an invitation that was rolled back
  return { invitation, link, send: (jobs) => jobs.send(MAIL_QUEUE, message).then(() => undefined) };
}

export function invitationService(deps: InvitationDeps) {
  const { db, now } = deps;
  /** One budget per client address for looking invitations up and accepting them. */
  const limit = (ip: string) => deps.limiter.consume(`invitation:ip:${ip}`, LIMITS.loginPerIp);

  return {
    /**
     * What an open invitation is for. The token is 256 random bits, so telling an unknown link from
     * a used or an expired one gives a guesser nothing; the address limit is shared with accepting.
     */
    async lookup(token: string, ctx: { ip: string }): Promise<InvitationLookup> {
      await limit(ctx.ip);
      const found = await teamRepository(db).invitationDetails(sha256(token));
      if (!found) throw lookupRefusal('unknown');
      const { invitation } = found;
      if (invitation.acceptedAt !== null) throw lookupRefusal('used');
      if (invitation.expiresAt <= now()) throw lookupRefusal('expired');
      const inviter = [found.inviterFirstName, found.inviterLastName]
        .filter((part) => part !== null && part.trim() !== '')
        .join(' ')
        .trim();
      return {
        organisation: { name: found.organisationName },
        role: invitation.role,
        email: invitation.email,
        invited_by: inviter === '' ? null : inviter,
        expires_at: invitation.expiresAt.toISOString(),
        account_exists: found.accountExists,
      };
    },

    /**
     * Accepts an invitation. The invited e-mail's account: created when there is none (its password
     * required and checked by the password rules), else joined when the caller is signed in as it
     * or gives its password. A new account also needs the sign-up form's consents (`is_adult`,
     * `accept_terms`), recorded as sign-up records them, so it goes to the console without the
     * terms page. Answers a session token of that account, like signing in.
     */
    async accept(
      body: z.output<typeof acceptInvitationBodySchema>,
      ctx: { auth: AuthContext | null; ip: string },
    ): Promise<{ token: string; token_type: 'Token' | 'Bearer'; organisation: MyOrganisation }> {
      await limit(ctx.ip);
      const tokenHash = sha256(body.token);
      const team = teamRepository(db);
      const found = await team.findInvitation(tokenHash);
      if (!found || found.acceptedAt !== null) throw invalidLink(false);
      if (found.expiresAt <= now()) throw invalidLink(true);
      const existing = await usersRepository(db).findByEmail(found.email);
      let passwordHash: string | null = null;
      if (existing) {
        // an impersonated session is staff, not the invitee: joining a team is the person's own word
        const signedInAsInvitee = ctx.auth?.user.id === existing.id && ctx.auth.impersonatedBy === null;
        const passwordOk =
          body.password !== undefined &&
          existing.passwordHash !== null &&
          (await deps.hasher.verify(existing.passwordHash, body.password));
        if (!signedInAsInvitee && !passwordOk) {
          throw new DomainError(
            400,
            ErrorCode.wrongPassword,
            `Sign in as ${found.email} or enter that account's password to accept this invitation.`,
            { fields: { password: [body.password === undefined ? 'password.enter' : 'password.wrong'] } },
          );
        }
      } else {
        // every missing piece of a new account at once, so the form shows them together
        const fields = { ...newAccountPasswordErrors(body.password), ...missingConsents(body) };
        if (Object.keys(fields).length > 0 || body.password === undefined)
          throw new ValidationError(
            fields,
            fields.password
              ? 'Choose a password for your new account.'
              : 'Confirm your age and accept the terms to create your account.',
          );
        passwordHash = await deps.hasher.hash(body.password);
      }
      const at = now();
      const joined = await db.transaction(async (tx) => {
        const invitation = await teamRepository(tx).consumeInvitation(tokenHash, at);
        if (!invitation) throw invalidLink(false);
        const user =
          existing ??
          (await usersRepository(tx).insert({
            email: invitation.email,
            passwordHash,
            firstName: body.first_name ?? '',
            lastName: body.last_name ?? '',
            organisationId: invitation.organisationId,
            // the consents were checked above; no marketing question is asked, so none is recorded
            policiesAcceptedVersion: deps.requiredPoliciesVersion,
            policiesAcceptedAt: at,
            declaredAdultAt: at,
          }));
        if (!user) {
          // signed up with this e-mail between the check above and now
          throw new DomainError(
            400,
            ErrorCode.emailTaken,
            "An account with this e-mail exists now: accept again with that account's password.",
            { fields: { password: ['password.enter'] } },
          );
        }
        const member = await teamRepository(tx).addMember(
          invitation.organisationId,
          user.id,
          invitation.role,
        );
        const organisation = await teamRepository(tx).organisationById(invitation.organisationId);
        if (!organisation) throw invalidLink(false);
        return { userId: user.id, organisation: organisationDto(organisation), role: member.role };
      });
      const session = await deps.auth.issueToken(joined.userId, 'Token');
      return { ...session, organisation: { ...joined.organisation, role: joined.role } };
    },
  };
}
export type InvitationService = ReturnType<typeof invitationService>;
