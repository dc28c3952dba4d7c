import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { UserRow } from '../../repositories/users.repository';
import { type AuthContext, authService, parseAuthorization } from './auth.service';
import type { RateLimiter } from './rate-limiter';

const user = (policiesAcceptedVersion: number | null): UserRow =>
  ({ id: 1, policiesAcceptedVersion }) as UserRow;
const ctx = (u: UserRow): AuthContext => ({ user: u, tokenId: 1, tokenType: 'Token', impersonatedBy: null });

// requireAccess is a pure rule: no database call happens, so none is given.
const service = authService({
  db: {} as Db,
  hasher: { hash: async () => '', verify: async () => false },
  limiter: {} as RateLimiter,
  now: () => new Date(),
  tokenTtlDays: 30,
  requiredPoliciesVersion: 2,
});

describe('access rules', () => {
  it('lets anyone call public endpoints', () => {
    expect(() => service.requireAccess(null, 'public')).not.toThrow();
  });

  it('answers 401 to a caller without a session on user endpoints', () => {
    expect(() => service.requireAccess(null, 'user')).toThrow(expect.objectContaining({ status: 401 }));
  });

  it('refuses protected calls with policies_not_accepted until the current version is accepted', () => {
    for (const version of [null, 1]) {
      expect(() => service.requireAccess(ctx(user(version)), 'user-with-policies')).toThrow(
        expect.objectContaining({ status: 403, code: 'policies_not_accepted' }),
      );
      expect(() => service.requireAccess(ctx(user(version)), 'user')).not.toThrow();
    }
    expect(() => service.requireAccess(ctx(user(2)), 'user-with-policies')).not.toThrow();
  });
});

describe('parseAuthorization', () => {
  it('reads both token types and nothing else', () => {
    const key = 'a'.repeat(43);
    expect(parseAuthorization(`Token ${key}`)).toEqual({ type: 'Token', key });
    expect(parseAuthorization(`Bearer ${key}`)).toEqual({ type: 'Bearer', key });
    expect(parseAuthorization(`Basic ${key}`)).toBeNull();
    expect(parseAuthorization('Token short')).toBeNull();
    expect(parseAuthorization(undefined)).toBeNull();
  });
});
