import { accountEndpoints } from '@fotodrop/contract/api/accounts';
import type { BodyOf } from '@fotodrop/contract/endpoint';
import { callEndpoint } from '../../../shared/api/client';
import { useAppStore } from '../../../shared/store/app-store';

export type SignupBody = BodyOf<typeof accountEndpoints.signup>;

/** POST /v2/users/create/: creates the account and signs in with the returned token. */
export async function signup(body: SignupBody): Promise<void> {
  const { token, token_type } = await callEndpoint(accountEndpoints.signup, { body });
  useAppStore.getState().setAuth(token, token_type);
}
