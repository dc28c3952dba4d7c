import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { impersonationAudit } from '../db/impersonation-schema';
import { userPermissions, users } from '../db/schema';

export type NewImpersonationAudit = typeof impersonationAudit.$inferInsert;

export type ImpersonationOrderColumn = 'id' | 'email' | 'first_name' | 'last_name' | 'date_joined';

export interface ImpersonableUsersQuery {
  search?: string;
  email?: string;
  /** A column, `-` before it for descending. */
  ordering: ImpersonationOrderColumn | `-${ImpersonationOrderColumn}`;
  page: number;
  pageSize: number;
}

const ORDER_COLUMNS = {
  id: users.id,
  email: sql`lower(${users.email})`,
  first_name: sql`lower(${users.firstName})`,
  last_name: sql`lower(${users.lastName})`,
  date_joined: users.dateJoined,
} as const;

/** `%` and `_` typed by the staff user are letters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
}

/**
 * Only accounts without any permission may be impersonated: staff, organisers and other holders of
 * a permission never (their sessions could do what the impersonator may not).
 */
const impersonable = sql`not exists (select 1 from ${userPermissions} where ${userPermissions.userId} = ${users.id})`;

export function impersonationRepository(db: Queryable) {
  return {
    async listUsers(q: ImpersonableUsersQuery) {
      const where: SQL[] = [impersonable];
      if (q.search) {
        const pattern = likePattern(q.search);
        where.push(
          sql`(lower(${users.email}) like ${pattern} or lower(${users.firstName}) like ${pattern} or lower(${users.lastName}) like ${pattern} or lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern})`,
        );
      }
      if (q.email) where.push(sql`lower(${users.email}) = ${q.email.toLowerCase()}`);
      const descending = q.ordering.startsWith('-');
      const column = ORDER_COLUMNS[q.ordering.replace(/^-/, '') as ImpersonationOrderColumn];
      const condition = and(...where);
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(condition)
          // The id breaks ties, so pages never repeat or skip a user.
          .orderBy(descending ? desc(column) : asc(column), descending ? desc(users.id) : asc(users.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ total: sql<number>`count(*)::int` }).from(users).where(condition),
      ]);
      return { rows, total: count?.total ?? 0 };
    },
    /** Whether the user may be impersonated (exists and holds no permission). */
    async isImpersonable(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), impersonable));
      return row !== undefined;
    },
    async record(row: NewImpersonationAudit): Promise<void> {
      await db.insert(impersonationAudit).values(row);
    },
  };
}
