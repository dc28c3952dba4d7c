import { accountEndpoints } from '@fotodrop/contract/api/accounts';
import type { BodyOf } from '@fotodrop/contract/endpoint';
import { callEndpoint } from '../../../shared/api/client';
import { clearSession } from '../../../shared/auth/user';
import { useAppStore } from '../../../shared/store/app-store';

export type LoginBody = BodyOf<typeof accountEndpoints.login>;

/** POST /api/v1/get-token-auth/. Success stores the token; any failure logs out, then re-throws. */
export async function login(body: LoginBody): Promise<void> {
  try {
    const { token, token_type } = await callEndpoint(accountEndpoints.login, { body });
    useAppStore.getState().setAuth(token, token_type);
  } catch (error) {
    clearSession();
    throw error;
  }
}
