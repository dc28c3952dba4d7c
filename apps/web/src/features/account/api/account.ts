import { accountEndpoints } from '@fotodrop/contract/api/accounts';
import type { BodyOf } from '@fotodrop/contract/endpoint';
import { callEndpoint } from '../../../shared/api/client';
import { clearSession } from '../../../shared/auth/user';

/** POST /api/v1/password/change/ with the old password and the new one twice. */
export function changePassword(body: BodyOf<typeof accountEndpoints.passwordChange>) {
  return callEndpoint(accountEndpoints.passwordChange, { body });
}

/** POST /v1/users/me/delete/ {password}; on success the session ends on this device too. */
export async function deleteAccount(body: BodyOf<typeof accountEndpoints.deleteAccount>): Promise<void> {
  await callEndpoint(accountEndpoints.deleteAccount, { body });
  clearSession();
}
