import { and, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import {
  accountDeletions,
  authTokens,
  externalIdentities,
  passwordResetTokens,
  userPermissions,
  users,
} from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function usersRepository(db: Queryable) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      return row;
    },
    /** Inserts a user; returns undefined when the e-mail is taken (unique index), so callers need no pre-check race. */
    async insert(user: NewUser): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
      return row;
    },
    async update(id: number, changes: Partial<NewUser>): Promise<UserRow> {
      const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
      if (!row) throw new Error(`user ${id} vanished during update`);
      return row;
    },
    async permissions(id: number): Promise<string[]> {
      const rows = await db
        .select({ perm: userPermissions.perm })
        .from(userPermissions)
        .where(eq(userPermissions.userId, id))
        .orderBy(userPermissions.perm);
      return rows.map((r) => r.perm);
    },
    async hasPermission(id: number, perm: string): Promise<boolean> {
      const [row] = await db
        .select({ perm: userPermissions.perm })
        .from(userPermissions)
        .where(and(eq(userPermissions.userId, id), eq(userPermissions.perm, perm)));
      return row !== undefined;
    },
    async grant(id: number, perms: string[]): Promise<void> {
      if (perms.length === 0) return;
      await db
        .insert(userPermissions)
        .values(perms.map((perm) => ({ userId: id, perm })))
        .onConflictDoNothing();
    },
    /** Removes the user and, by cascade, tokens, identities, reset links and permissions; keeps an anonymous tombstone. */
    async deleteWithTombstone(user: UserRow): Promise<void> {
      await db.insert(accountDeletions).values({ formerUserId: user.id, dateJoined: user.dateJoined });
      await db.delete(users).where(eq(users.id, user.id));
    },
    async findByExternalIdentity(issuer: string, subject: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(externalIdentities)
        .innerJoin(users, eq(users.id, externalIdentities.userId))
        .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)));
      return row?.user;
    },
    async linkExternalIdentity(userId: number, issuer: string, subject: string): Promise<void> {
      await db.insert(externalIdentities).values({ userId, issuer, subject }).onConflictDoNothing();
    },
  };
}

/**
 * The session check every signed-in request makes: prepared once per connection (and built once
 * per process), as the album's hot statements are. `now` goes as text: a placeholder skips the
 * column's encoder, and PGlite's prepared path takes no Date.
 */
const sessionQuery = (db: Queryable) =>
  db
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.keyHash, sql.placeholder('keyHash')),
        sql`${authTokens.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
      ),
    )
    .prepare('session_token_user');
const preparedSessions = new WeakMap<Queryable, ReturnType<typeof sessionQuery>>();

export function tokensRepository(db: Queryable) {
  return {
    async insert(token: typeof authTokens.$inferInsert): Promise<void> {
      await db.insert(authTokens).values(token);
    },
    async insertReturningId(token: typeof authTokens.$inferInsert): Promise<number> {
      const [row] = await db.insert(authTokens).values(token).returning({ id: authTokens.id });
      return row!.id;
    },
    /** A live token with its user, in one query: every authenticated request asks this first. */
    async findValidWithUser(keyHash: string, now: Date) {
      const query = preparedSessions.get(db) ?? sessionQuery(db);
      preparedSessions.set(db, query);
      const [row] = await query.execute({ keyHash, now: now.toISOString() });
      return row;
    },
    async findAny(keyHash: string) {
      const [row] = await db.select().from(authTokens).where(eq(authTokens.keyHash, keyHash));
      return row;
    },
    async delete(id: number): Promise<void> {
      await db.delete(authTokens).where(eq(authTokens.id, id));
    },
    /** Deletes a token; false when it was gone already (another request removed it first). */
    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(authTokens).where(eq(authTokens.id, id)).returning({ id: authTokens.id });
      return rows.length > 0;
    },
    /** Revokes every token of a user except `keepId` (the session that changed the password). */
    async deleteAllForUser(userId: number, keepId?: number): Promise<void> {
      await db
        .delete(authTokens)
        .where(
          keepId === undefined
            ? eq(authTokens.userId, userId)
            : and(eq(authTokens.userId, userId), sql`${authTokens.id} <> ${keepId}`),
        );
    },
  };
}

export function passwordResetsRepository(db: Queryable) {
  return {
    async insert(row: typeof passwordResetTokens.$inferInsert): Promise<void> {
      await db.insert(passwordResetTokens).values(row);
    },
    async findByHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash));
      return row;
    },
    /**
     * Marks one open, unexpired link used and returns its user, in one statement: of parallel
     * confirmations of the same link exactly one gets the row.
     */
    async consume(tokenHash: string, now: Date): Promise<{ userId: number } | undefined> {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            sql`${passwordResetTokens.usedAt} is null`,
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      return row;
    },
    /** Marks every open link of the user used: one successful reset closes them all. */
    async useAllForUser(userId: number, now: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), sql`${passwordResetTokens.usedAt} is null`));
    },
  };
}
