import { ErrorCode, type TokenType } from '@fotodrop/contract';
import type { PasswordHasher } from '../adapters/password-hasher';
import { randomSecret, sha256 } from '../adapters/secrets';
import type { Db } from '../db/client';
import { DomainError, ForbiddenError, UnauthorizedError } from '../http/errors';
import { tokensRepository, type UserRow, usersRepository } from '../repositories/users.repository';
import { LIMITS, type RateLimiter } from './rate-limiter';

export interface AuthContext {
  user: UserRow;
  tokenId: number;
  tokenType: TokenType;
}

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

export function hasAcceptedPolicies(user: UserRow, requiredVersion: number): boolean {
  return (user.policiesAcceptedVersion ?? 0) >= requiredVersion;
}

export function authService(deps: AuthDeps) {
  const users = usersRepository(deps.db);
  const tokens = tokensRepository(deps.db);

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

  return {
    issueToken,

    /** Resolves the caller from the Authorization header; 401 for unknown or expired tokens. */
    async authenticate(header: string | undefined): Promise<AuthContext | null> {
      if (header === undefined || header.trim() === '') return null;
      const parsed = parseAuthorization(header);
      if (!parsed) throw new UnauthorizedError(ErrorCode.unauthorized, 'Invalid token header.');
      const keyHash = sha256(parsed.key);
      const found = await tokens.findValidWithUser(keyHash, deps.now());
      if (!found) {
        const expired = await tokens.findAny(keyHash);
        if (expired) {
          await tokens.delete(expired.id);
          throw new UnauthorizedError(ErrorCode.tokenExpired, 'Session expired - please log in again.');
        }
        throw new UnauthorizedError(ErrorCode.unauthorized, 'Invalid token.');
      }
      return { user: found.user, tokenId: found.token.id, tokenType: found.token.tokenType };
    },

    /** Enforces an endpoint's access rule on an already resolved caller. */
    requireAccess(auth: AuthContext | null, access: 'public' | 'user' | 'user-with-policies'): void {
      if (access === 'public') return;
      if (!auth) throw new UnauthorizedError();
      if (access === 'user-with-policies' && !hasAcceptedPolicies(auth.user, deps.requiredPoliciesVersion)) {
        throw new ForbiddenError(
          ErrorCode.policiesNotAccepted,
          'Please accept the terms of service and the privacy policy to continue.',
        );
      }
    },

    async login(username: string, password: string, ip: string) {
      await deps.limiter.consume(`login:ip:${ip}`, LIMITS.loginPerIp);
      const accountKey = `login:account:${username.toLowerCase()}`;
      await deps.limiter.assertOpen(accountKey, LIMITS.loginFailuresPerAccount);
      const user = await users.findByEmail(username);
      const ok = user?.passwordHash ? await deps.hasher.verify(user.passwordHash, password) : false;
      if (!user || !ok) {
        const locked = await deps.limiter.recordFailure(accountKey, LIMITS.loginFailuresPerAccount);
        if (locked) throw locked;
        throw new DomainError(
          400,
          ErrorCode.invalidCredentials,
          'Unable to log in with the provided credentials.',
        );
      }
      await deps.limiter.reset(accountKey);
      return issueToken(user.id, 'Token');
    },

    async logout(auth: AuthContext): Promise<{ detail: string }> {
      await tokens.delete(auth.tokenId);
      return { detail: 'Logged out.' };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
