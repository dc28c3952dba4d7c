import { accountEndpoints } from '@fotodrop/contract/api/accounts';
import { configEndpoints, type SocialProvider } from '@fotodrop/contract/api/config';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';
import { useAppStore } from '../../../shared/store/app-store';
import { readJson, writeItem } from '../../../shared/store/safe-storage';
import { STORAGE_KEYS } from '../../../shared/store/storage-keys';
import { leaveSite } from '../../../shared/utils/leave-site';

export const socialProvidersQuery = queryOptions({
  queryKey: ['social-providers'],
  queryFn: ({ signal }) => callEndpoint(configEndpoints.socialProviders, { signal }),
  staleTime: 10 * 60_000,
});

/** What a social login remembers across the provider's redirect (sessionStorage). */
interface SocialLoginRequest {
  nonce: string;
  provider: string;
  next: string | null;
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The provider's authorization URL (OpenID Connect implicit flow, ID token back to /autologin). */
export function authorizationUrl(provider: SocialProvider, origin: string, nonce: string): string {
  const params = [
    `client_id=${encodeURIComponent(provider.client_id)}`,
    'response_type=id_token',
    'scope=openid%20email%20profile',
    `redirect_uri=${encodeURIComponent(`${origin}/autologin`)}`,
    `nonce=${nonce}`,
    `state=${encodeURIComponent(provider.id)}`,
  ].join('&');
  const separator = provider.authorization_endpoint.includes('?') ? '&' : '?';
  return `${provider.authorization_endpoint}${separator}${params}`;
}

/** Sends the browser to the provider; /autologin finishes the login. */
export function startSocialLogin(provider: SocialProvider, next: string | null): void {
  const request: SocialLoginRequest = { nonce: randomNonce(), provider: provider.id, next };
  writeItem('session', STORAGE_KEYS.socialLogin, JSON.stringify(request));
  leaveSite.assign(authorizationUrl(provider, window.location.origin, request.nonce));
}

/** Reads and forgets the pending social-login request. */
export function takeSocialLoginRequest(): SocialLoginRequest | null {
  const request = readJson<SocialLoginRequest>('session', STORAGE_KEYS.socialLogin);
  writeItem('session', STORAGE_KEYS.socialLogin, null);
  return request;
}

/** The `nonce` claim of an ID token (JWT payload), without verifying it: the server verifies the token. */
export function idTokenNonce(idToken: string): string | null {
  try {
    const payload = idToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const nonce = (JSON.parse(json) as { nonce?: unknown }).nonce;
    return typeof nonce === 'string' ? nonce : null;
  } catch {
    return null;
  }
}

/** POST /auth/convert-token/ {backend, token}: an OpenID Connect ID token becomes an API token. */
export async function convertIdToken(backend: string, token: string): Promise<void> {
  const { access_token, token_type } = await callEndpoint(accountEndpoints.convertToken, {
    body: { backend, token },
  });
  useAppStore.getState().setAuth(access_token, token_type);
}

/** POST /accounts/ibi/convert-token/ {access_token}: a partner's access token becomes an API token. */
export async function convertPartnerToken(accessToken: string): Promise<void> {
  const { access_token, token_type } = await callEndpoint(accountEndpoints.partnerConvertToken, {
    body: { access_token: accessToken },
  });
  useAppStore.getState().setAuth(access_token, token_type);
}

/** POST /v2/user/sso-integration/ {token, integration}: an organisation's SSO token becomes an API token. */
export async function ssoLogin(token: string, integration: string): Promise<void> {
  const answer = await callEndpoint(accountEndpoints.ssoIntegration, { body: { token, integration } });
  useAppStore.getState().setAuth(answer.token, answer.token_type);
}
