import { accountEndpoints } from '@fotodrop/contract/api/accounts';
import type { BodyOf } from '@fotodrop/contract/endpoint';
import { callEndpoint } from '../../../shared/api/client';

/** POST /api/v1/password/reset/: e-mails a reset link (same answer whether the account exists or not). */
export function requestPasswordReset(body: BodyOf<typeof accountEndpoints.passwordReset>) {
  return callEndpoint(accountEndpoints.passwordReset, { body });
}

/** POST /api/v1/password/reset/confirm/: sets the new password with the link's token. */
export function confirmPasswordReset(body: BodyOf<typeof accountEndpoints.passwordResetConfirm>) {
  return callEndpoint(accountEndpoints.passwordResetConfirm, { body });
}
