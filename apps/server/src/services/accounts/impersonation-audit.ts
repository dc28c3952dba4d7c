import { ErrorCode } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import type { ClientInfo } from '../../http/client';
import { ForbiddenError } from '../../http/errors';
import { impersonationRepository } from '../../repositories/impersonation.repository';
import { usersRepository } from '../../repositories/users.repository';

/** decision: an impersonated session lasts one hour at most and is never extended. */
export const IMPERSONATION_TTL_MS = 60 * 60 * 1000;

/**
 * Refuses what only the account's owner may do (pay, change the password, delete the account,
 * give consent) in a session a staff user opened as them.
 */
export function assertNotImpersonated(auth: { impersonatedBy: number | null }): void {
  if (auth.impersonatedBy !== null) {
    throw new ForbiddenError(
      ErrorCode.impersonationForbidden,
      'Not while viewing as this user: only the account owner can do this.',
    );
  }
}

/**
 * Writes one row of the trail. The e-mails are copied into it, so it still reads after an account
 * is deleted.
 */
export async function recordImpersonation(
  db: Queryable,
  entry: {
    action: 'start' | 'end';
    impersonatorId: number;
    userId: number;
    tokenId: number;
    endReason?: 'logout' | 'expired';
    at: Date;
    client: ClientInfo;
  },
): Promise<void> {
  const users = usersRepository(db);
  const [impersonator, user] = await Promise.all([
    users.findById(entry.impersonatorId),
    users.findById(entry.userId),
  ]);
  await impersonationRepository(db).record({
    action: entry.action,
    impersonatorId: entry.impersonatorId,
    impersonatorEmail: impersonator?.email ?? '',
    userId: entry.userId,
    userEmail: user?.email ?? '',
    tokenId: entry.tokenId,
    endReason: entry.endReason ?? null,
    at: entry.at,
    ip: entry.client.ip,
    userAgent: entry.client.userAgent,
  });
}
