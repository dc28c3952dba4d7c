import {
  ErrorCode,
  isLanguage,
  type signupBodySchema,
  type User,
  type updateMeBodySchema,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { PasswordHasher } from '../../adapters/password-hasher';
import { randomSecret, sha256 } from '../../adapters/secrets';
import type { Db } from '../../db/client';
import { DomainError, ValidationError } from '../../http/errors';
import { passwordResetEmail } from '../../mail/password-reset-email';
import { organisationsRepository } from '../../repositories/organisations.repository';
import { privacyConsentsRepository } from '../../repositories/privacy-consents.repository';
import { teamRepository } from '../../repositories/team.repository';
import {
  passwordResetsRepository,
  tokensRepository,
  type UserRow,
  usersRepository,
} from '../../repositories/users.repository';
import { MAIL_QUEUE } from '../mail/mail.jobs';
import { type AuthContext, type AuthService, hasAcceptedPolicies } from './auth.service';
import { assertNotImpersonated } from './impersonation-audit';
import { LIMITS, type RateLimiter } from './rate-limiter';

export const RESET_LINK_TTL_MINUTES = 60;

export interface AccountDeps {
  db: Db;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  auth: AuthService;
  jobs: JobQueue;
  now: () => Date;
  requiredPoliciesVersion: number;
}

export function toUserDto(user: UserRow, requiredPoliciesVersion: number, perms?: string[]): User {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    language: isLanguage(user.language) ? user.language : 'en',
    is_anonymous: user.isAnonymous,
    accepted_required_policies: hasAcceptedPolicies(user, requiredPoliciesVersion),
    marketing_consent: user.marketingConsent,
    marketing_consent_updated_at: user.marketingConsentUpdatedAt?.toISOString() ?? null,
    has_usable_password: user.passwordHash !== null,
    date_joined: user.dateJoined.toISOString(),
    ...(perms ? { perms } : {}),
  };
}

const wrongPassword = (field: string) =>
  new DomainError(400, ErrorCode.wrongPassword, 'The password is not correct.', {
    fields: { [field]: ['password.wrong'] },
  });

export function accountService(deps: AccountDeps) {
  const { db, hasher, now } = deps;
  const dto = (user: UserRow, perms?: string[]) => toUserDto(user, deps.requiredPoliciesVersion, perms);

  async function assertPassword(user: UserRow, password: string, field: string) {
    if (!user.passwordHash || !(await hasher.verify(user.passwordHash, password))) throw wrongPassword(field);
  }

  /**
   * The site's privacy checkboxes the sign-up ticked; refuses a missing required one or an id the
   * site does not have (its wording changed while the form was open: the user must see the new one).
   */
  async function ticked(organisationId: number | null, ids: string[]) {
    const org =
      organisationId === null ? undefined : await organisationsRepository(db).findById(organisationId);
    const boxes = org?.privacyCheckboxes ?? [];
    const unknown = ids.some((id) => !boxes.some((box) => box.id === id));
    const missing = boxes.some((box) => box.required && !ids.includes(box.id));
    if (unknown || missing)
      throw new ValidationError(
        { privacy_consents: [missing ? 'field.required' : 'invalid'] },
        'Please accept the required privacy statements of this site.',
      );
    return boxes.filter((box) => ids.includes(box.id));
  }

  return {
    async signup(
      body: z.output<typeof signupBodySchema>,
      ctx: { ip: string; organisationId: number | null },
    ) {
      await deps.limiter.consume(`signup:ip:${ctx.ip}`, LIMITS.signupPerIp);
      const boxes = await ticked(ctx.organisationId, body.privacy_consents);
      const at = now();
      const passwordHash = await hasher.hash(body.password1);
      // the account and its consents together: never an account without the proof of its consents
      const user = await db.transaction(async (tx) => {
        const created = await usersRepository(tx).insert({
          email: body.email,
          passwordHash,
          firstName: body.first_name,
          lastName: body.last_name,
          language: body.language,
          // Signing up includes accepting the terms and the privacy policy.
          policiesAcceptedVersion: deps.requiredPoliciesVersion,
          policiesAcceptedAt: at,
          marketingConsent: body.marketing_consent,
          marketingConsentUpdatedAt: at,
          declaredAdultAt: at,
          organisationId: ctx.organisationId,
        });
        if (created && ctx.organisationId !== null)
          await privacyConsentsRepository(tx).insertMany(
            boxes.map((box) => ({
              userId: created.id,
              organisationId: ctx.organisationId as number,
              checkboxId: box.id,
              label: box.label,
              url: box.url,
              acceptedAt: at,
            })),
          );
        return created;
      });
      if (!user) {
        throw new DomainError(400, ErrorCode.emailTaken, 'An account with this e-mail already exists.', {
          fields: { email: ['email.taken'] },
        });
      }
      return deps.auth.issueToken(user.id, 'Token');
    },

    async me(auth: AuthContext, includePerms: boolean): Promise<User> {
      if (!includePerms) return dto(auth.user);
      const [perms, organisations] = await Promise.all([
        usersRepository(db).permissions(auth.user.id),
        teamRepository(db).organisationsOf(auth.user.id),
      ]);
      return { ...dto(auth.user, perms), organisation_count: organisations.length };
    },

    async updateMe(auth: AuthContext, body: z.output<typeof updateMeBodySchema>): Promise<User> {
      // Consent and the acceptance of the policies are the owner's own word, never a staff user's.
      const consentChanges =
        body.marketing_consent !== undefined && body.marketing_consent !== auth.user.marketingConsent;
      if (consentChanges || body.accept_required_policies) assertNotImpersonated(auth);
      const at = now();
      const changes: Partial<UserRow> = {};
      if (body.first_name !== undefined) changes.firstName = body.first_name;
      if (body.last_name !== undefined) changes.lastName = body.last_name;
      if (body.language !== undefined) changes.language = body.language;
      if (body.marketing_consent !== undefined && body.marketing_consent !== auth.user.marketingConsent) {
        changes.marketingConsent = body.marketing_consent;
        changes.marketingConsentUpdatedAt = at;
      }
      if (body.accept_required_policies) {
        changes.policiesAcceptedVersion = deps.requiredPoliciesVersion;
        changes.policiesAcceptedAt = at;
      }
      if (Object.keys(changes).length === 0) return dto(auth.user);
      return dto(await usersRepository(db).update(auth.user.id, changes));
    },

    async changePassword(auth: AuthContext, oldPassword: string, newPassword: string) {
      assertNotImpersonated(auth);
      await assertPassword(auth.user, oldPassword, 'old_password');
      const passwordHash = await hasher.hash(newPassword);
      await db.transaction(async (tx) => {
        await usersRepository(tx).update(auth.user.id, { passwordHash });
        // Other sessions may belong to whoever knew the old password.
        await tokensRepository(tx).deleteAllForUser(auth.user.id, auth.tokenId);
      });
      return { detail: 'New password has been saved.' };
    },

    async deleteAccount(auth: AuthContext, password: string) {
      assertNotImpersonated(auth);
      await assertPassword(auth.user, password, 'password');
      await db.transaction(async (tx) => {
        // issue 18: an organisation is never left without an owner, not even by deleting the account
        const sole = await teamRepository(tx).soleOwnerships(auth.user.id);
        if (sole.length > 0) {
          throw new DomainError(
            409,
            ErrorCode.lastOwner,
            `You are the last owner of ${sole.map((o) => o.name).join(', ')}: make another member owner first.`,
          );
        }
        await usersRepository(tx).deleteWithTombstone(auth.user);
      });
      return { detail: 'Your account has been deleted.' };
    },

    /** Always answers the same, so the form does not tell who has an account. */
    async requestPasswordReset(email: string, ctx: { ip: string; linkBase: string }) {
      await deps.limiter.consume(`reset:ip:${ctx.ip}`, LIMITS.resetPerIp);
      await deps.limiter.consume(`reset:account:${email.toLowerCase()}`, LIMITS.resetPerAccount);
      const user = await usersRepository(db).findByEmail(email);
      if (user) {
        const token = randomSecret();
        const expiresAt = new Date(now().getTime() + RESET_LINK_TTL_MINUTES * 60_000);
        await passwordResetsRepository(db).insert({ userId: user.id, tokenHash: sha256(token), expiresAt });
        const message = passwordResetEmail({
          to: user.email,
          name: user.firstName || user.email,
          language: isLanguage(user.language) ? user.language : 'en',
          link: `${ctx.linkBase}/reset-password?token=${encodeURIComponent(token)}`,
          expiresInMinutes: RESET_LINK_TTL_MINUTES,
        });
        await deps.jobs.send(MAIL_QUEUE, message);
      }
      return { detail: 'If an account exists for this e-mail, we have sent a link to reset the password.' };
    },

    async confirmPasswordReset(token: string, newPassword: string) {
      const tokenHash = sha256(token);
      const invalid = () =>
        new DomainError(400, ErrorCode.invalidResetLink, 'This reset link is invalid or has expired.');
      // A cheap look first, so unknown links cost no password hash; the check that counts is the
      // atomic consume below, inside the transaction that sets the password.
      const found = await passwordResetsRepository(db).findByHash(tokenHash);
      if (!found || found.usedAt !== null || found.expiresAt <= now()) throw invalid();
      const passwordHash = await hasher.hash(newPassword);
      await db.transaction(async (tx) => {
        const used = await passwordResetsRepository(tx).consume(tokenHash, now());
        if (!used) throw invalid();
        await usersRepository(tx).update(used.userId, { passwordHash });
        await passwordResetsRepository(tx).useAllForUser(used.userId, now());
        await tokensRepository(tx).deleteAllForUser(used.userId);
      });
      return { detail: 'Your password has been reset. You can now log in.' };
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
