import { ErrorCode, type TokenType } from '@fotodrop/contract';
import type { PasswordHasher } from '../../adapters/password-hasher';
import { randomSecret, sha256 } from '../../adapters/secrets';
import type { Db } from '../../db/client';
import type { ClientInfo } from '../../http/client';
import { DomainError, ForbiddenError, RateLimitedError, UnauthorizedError } from '../../http/errors';
import { tokensRepository, type UserRow, usersRepository } from '../../repositories/users.repository';
import { recordImpersonation } from './impersonation-audit';
import { BACKOFFS, LIMITS, type RateLimiter } from './rate-limiter';

/**
 * What the access checks read of a session: the user's id and accepted policies, and the token. A
 * statement that checks the token beside its own work (`DeferredSession`) reads only this much of
 * `users`, not the whole row (the album's pages: a fifth of that statement's time on PGlite).
 */
export interface SessionAuth {
  user: Pick<UserRow, 'id' | 'policiesAcceptedVersion'>;
  tokenId: number;
  tokenType: TokenType;
  /** The staff user who opened this session as `user` (impersonation), or null for the user's own. */
  impersonatedBy: number | null;
}

export interface AuthContext extends SessionAuth {
  user: UserRow;
}

type Access = 'public' | 'user' | 'user-with-policies';

/**
 * A caller whose token the handler's first statement checks, instead of a statement of its own (an
 * album's pages: one round trip fewer on the busiest request). `admit` enforces the endpoint's
 * access on the caller that statement found; when it found nothing, `resolve` is the ordinary
 * check and answers 401 or 403 exactly as before; only after it may the handler answer 404.
 */
export interface DeferredSession {
  keyHash: string;
  now: Date;
  admit(found: SessionAuth): SessionAuth;
  resolve(): Promise<AuthContext>;
}

/** A signed-in caller, checked already or to be checked by the handler's first statement. */
export type Caller = AuthContext | DeferredSession;

export interface AuthDeps {
  db: Db;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  now: () => Date;
  tokenTtlDays: number;
  requiredPoliciesVersion: number;
}

/** Splits `Token <key>` / `Bearer <key>`; anything else is treated as no credentials. */
export function parseAuthorization(header: string | undefined): { type: TokenType; key: string } | null {
  const match = /^(Token|Bearer)\s+([A-Za-z0-9_-]{20,200})$/.exec(header?.trim() ?? '');
  if (!match) return null;
  return { type: match[1] as TokenType, key: match[2]! };
}

export function hasAcceptedPolicies(
  user: Pick<UserRow, 'policiesAcceptedVersion'>,
  requiredVersion: number,
): boolean {
  return (user.policiesAcceptedVersion ?? 0) >= requiredVersion;
}

export function authService(deps: AuthDeps) {
  const users = usersRepository(deps.db);
  const tokens = tokensRepository(deps.db);
  // A hash of a random secret nobody knows: checked for unknown e-mails and password-less accounts.
  let dummy: Promise<string> | null = null;
  const dummyHash = () => {
    dummy ??= deps.hasher.hash(randomSecret());
    return dummy;
  };

  async function issueToken(
    userId: number,
    type: TokenType,
  ): Promise<{ token: string; token_type: TokenType }> {
    const key = randomSecret();
    const expiresAt = new Date(deps.now().getTime() + deps.tokenTtlDays * 86_400_000);
    await tokens.insert({ userId, keyHash: sha256(key), tokenType: type, expiresAt });
    await users.update(userId, { lastLoginAt: deps.now() });
    return { token: key, token_type: type };
  }

  /** `client` is where the request came from: an expired impersonated session's end is recorded with it. */
  async function authenticate(header: string | undefined, client?: ClientInfo): Promise<AuthContext | null> {
    if (header === undefined || header.trim() === '') return null;
    const parsed = parseAuthorization(header);
    if (!parsed) throw new UnauthorizedError(ErrorCode.unauthorized, 'Invalid token header.');
    const keyHash = sha256(parsed.key);
    const found = await tokens.findValidWithUser(keyHash, deps.now());
    if (!found) {
      const expired = await tokens.findAny(keyHash);
      if (expired) {
        if (expired.impersonatorId !== null) {
          await endImpersonation(expired, 'expired', client ?? { ip: '', userAgent: '' });
        } else {
          await tokens.delete(expired.id);
        }
        throw new UnauthorizedError(ErrorCode.tokenExpired, 'Session expired - please log in again.');
      }
      throw new UnauthorizedError(ErrorCode.unauthorized, 'Invalid token.');
    }
    return {
      user: found.user,
      tokenId: found.token.id,
      tokenType: found.token.tokenType,
      impersonatedBy: found.token.impersonatorId,
    };
  }

  /**
   * Ends an impersonated session: the token goes and the trail gets its end, together. Of two
   * requests ending the same session only the one that removed the token writes the end.
   */
  async function endImpersonation(
    token: { id: number; userId: number; impersonatorId: number | null },
    reason: 'logout' | 'expired',
    client: ClientInfo,
  ): Promise<void> {
    const impersonatorId = token.impersonatorId;
    if (impersonatorId === null) return;
    await deps.db.transaction(async (tx) => {
      if (!(await tokensRepository(tx).remove(token.id))) return;
      await recordImpersonation(tx, {
        action: 'end',
        impersonatorId,
        userId: token.userId,
        tokenId: token.id,
        endReason: reason,
        at: deps.now(),
        client,
      });
    });
  }

  function requireAccess(auth: SessionAuth | null, access: Access): void {
    if (access === 'public') return;
    if (!auth) throw new UnauthorizedError();
    if (access === 'user-with-policies' && !hasAcceptedPolicies(auth.user, deps.requiredPoliciesVersion)) {
      throw new ForbiddenError(
        ErrorCode.policiesNotAccepted,
        'Please accept the terms of service and the privacy policy to continue.',
      );
    }
  }

  return {
    issueToken,

    /** Resolves the caller from the Authorization header; 401 for unknown or expired tokens. */
    authenticate,

    /** Enforces an endpoint's access rule on an already resolved caller. */
    requireAccess,

    /**
     * The caller's token, for a statement that checks it (valid, not expired) beside its own work;
     * null without a well-formed token, when the ordinary check answers. What that statement found
     * goes through `admit`; when it found nothing, `resolve` tells 401 (unknown, expired: removed)
     * from a caller who may see a 404.
     */
    deferSession(header: string | undefined, access: Access, client?: ClientInfo): DeferredSession | null {
      const parsed = parseAuthorization(header);
      if (!parsed || access === 'public') return null;
      return {
        keyHash: sha256(parsed.key),
        now: deps.now(),
        admit(found) {
          requireAccess(found, access);
          return found;
        },
        async resolve() {
          const auth = await authenticate(header, client);
          requireAccess(auth, access);
          return auth as AuthContext;
        },
      };
    },

    /**
     * Signs in with e-mail and password. Wrong passwords slow down the (account, address) pair, not
     * the account: the owner elsewhere still gets in while someone guesses. Unknown e-mails cost
     * the same hash check as known ones, so the answer time does not tell who has an account.
     */
    async login(username: string, password: string, ip: string) {
      await deps.limiter.consume(`login:ip:${ip}`, LIMITS.loginPerIp);
      const pairKey = `login:pair:${username.toLowerCase()}:${ip}`;
      const { nextWaitSeconds } = await deps.limiter.attempt(pairKey, BACKOFFS.loginPerAccountAndIp);
      const user = await users.findByEmail(username);
      const ok = await deps.hasher.verify(user?.passwordHash ?? (await dummyHash()), password);
      if (!user?.passwordHash || !ok) {
        if (nextWaitSeconds > 0) throw new RateLimitedError(nextWaitSeconds);
        throw new DomainError(
          400,
          ErrorCode.invalidCredentials,
          'Unable to log in with the provided credentials.',
        );
      }
      await deps.limiter.reset(pairKey);
      return issueToken(user.id, 'Token');
    },

    /** 401 without a session, 403 for a user without `perm` (e.g. platform staff tools). */
    async requirePermission(auth: AuthContext | null, perm: string): Promise<void> {
      if (!auth) throw new UnauthorizedError();
      if (!(await users.hasPermission(auth.user.id, perm))) throw new ForbiddenError();
    },

    /** Ends the session; an impersonated one's end goes to the trail (returning to one's own account). */
    async logout(auth: AuthContext, client: ClientInfo): Promise<{ detail: string }> {
      if (auth.impersonatedBy !== null) {
        await endImpersonation(
          { id: auth.tokenId, userId: auth.user.id, impersonatorId: auth.impersonatedBy },
          'logout',
          client,
        );
      } else {
        await tokens.delete(auth.tokenId);
      }
      return { detail: 'Logged out.' };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
