import {
  ErrorCode,
  IMPERSONATE_PERMISSION,
  type ImpersonationUser,
  makePagination,
  type Paginated,
  type TokenType,
} from '@fotodrop/contract';
import { randomSecret, sha256 } from '../../adapters/secrets';
import type { Db } from '../../db/client';
import type { ClientInfo } from '../../http/client';
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import {
  type ImpersonableUsersQuery,
  impersonationRepository,
} from '../../repositories/impersonation.repository';
import { tokensRepository, type UserRow, usersRepository } from '../../repositories/users.repository';
import type { AuthContext } from './auth.service';
import { IMPERSONATION_TTL_MS, recordImpersonation } from './impersonation-audit';
import type { Limit, RateLimiter } from './rate-limiter';

/**
 * decision: 60 sessions an hour per staff user: far above a support shift's work, far below what
 * would let a stolen staff session walk through every account.
 */
export const IMPERSONATIONS_PER_STAFF: Limit = { max: 60, windowSeconds: 60 * 60 };

function dto(user: UserRow): ImpersonationUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    date_joined: user.dateJoined.toISOString(),
    last_login: user.lastLoginAt?.toISOString() ?? null,
    // Deleted accounts are gone (a tombstone stays elsewhere): every listed account is active.
    is_active: true,
  };
}

/**
 * The admin user list and "view as" sessions. Only staff with `users.impersonate`, from their own
 * session (not from one they opened as someone else); only accounts without permissions.
 */
export function impersonationService(deps: { db: Db; limiter: RateLimiter; now: () => Date }) {
  const repo = impersonationRepository(deps.db);

  async function requireImpersonator(auth: AuthContext): Promise<void> {
    if (auth.impersonatedBy !== null) {
      throw new ForbiddenError(ErrorCode.impersonationForbidden, 'Return to your own account first.');
    }
    if (!(await usersRepository(deps.db).hasPermission(auth.user.id, IMPERSONATE_PERMISSION))) {
      throw new ForbiddenError();
    }
  }

  return {
    async users(
      auth: AuthContext,
      query: Omit<ImpersonableUsersQuery, 'pageSize'> & { page_size: number },
    ): Promise<Paginated<ImpersonationUser>> {
      await requireImpersonator(auth);
      const { rows, total } = await repo.listUsers({ ...query, pageSize: query.page_size });
      return {
        results: rows.map(dto),
        pagination: makePagination(total, query.page, query.page_size),
      };
    },

    /**
     * A new session as the chosen user: a token marked with the impersonator, one hour at most,
     * its start in the trail in the same transaction. The user's own sessions stay untouched, and
     * their last sign-in does not change (they did not sign in).
     */
    async impersonate(
      auth: AuthContext,
      userId: number,
      client: ClientInfo,
    ): Promise<{ token: string; token_type: TokenType }> {
      await requireImpersonator(auth);
      await deps.limiter.consume(`impersonate:staff:${auth.user.id}`, IMPERSONATIONS_PER_STAFF);
      if (userId === auth.user.id) {
        throw new ValidationError({ user: ['impersonation.self'] }, 'You cannot impersonate yourself.');
      }
      if (!(await usersRepository(deps.db).findById(userId))) throw new NotFoundError('No such user.');
      if (!(await repo.isImpersonable(userId))) {
        throw new ForbiddenError(ErrorCode.forbidden, 'Staff and organiser accounts cannot be impersonated.');
      }
      const key = randomSecret();
      const at = deps.now();
      await deps.db.transaction(async (tx) => {
        const tokenId = await tokensRepository(tx).insertReturningId({
          userId,
          keyHash: sha256(key),
          tokenType: 'Token',
          expiresAt: new Date(at.getTime() + IMPERSONATION_TTL_MS),
          impersonatorId: auth.user.id,
        });
        await recordImpersonation(tx, {
          action: 'start',
          impersonatorId: auth.user.id,
          userId,
          tokenId,
          at,
          client,
        });
      });
      return { token: key, token_type: 'Token' };
    },
  };
}
export type ImpersonationService = ReturnType<typeof impersonationService>;
