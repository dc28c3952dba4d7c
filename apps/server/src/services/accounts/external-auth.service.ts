import { ErrorCode, type SocialProvider } from '@fotodrop/contract';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { OidcProviderConfig } from '../../config';
import type { Db } from '../../db/client';
import { DomainError } from '../../http/errors';
import { organisationsRepository, type SsoIntegrationRow } from '../../repositories/organisations.repository';
import { type UserRow, usersRepository } from '../../repositories/users.repository';
import type { AuthService } from './auth.service';

export interface ExternalAuthDeps {
  db: Db;
  auth: AuthService;
  providers: OidcProviderConfig[];
}

/** The partner whose access tokens `/accounts/ibi/convert-token/` accepts is an integration under this key. */
export const PARTNER_INTEGRATION_KEY = 'ibi';

const invalidToken = () =>
  new DomainError(
    400,
    ErrorCode.invalidExternalToken,
    'The sign-in token could not be verified. Please try again.',
  );

interface Identity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

function identityFrom(payload: JWTPayload): Identity {
  const claim = (name: string) => (typeof payload[name] === 'string' ? (payload[name] as string) : null);
  if (!payload.iss || !payload.sub) throw invalidToken();
  return {
    issuer: payload.iss,
    subject: payload.sub,
    email: claim('email')?.toLowerCase() ?? null,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    firstName: claim('given_name') ?? claim('name') ?? '',
    lastName: claim('family_name') ?? '',
  };
}

export function externalAuthService(deps: ExternalAuthDeps) {
  // Key sets are cached per URL so keys are fetched once and refreshed by jose on rotation.
  const remoteKeySets = new Map<string, JWTVerifyGetKey>();
  const remote = (uri: string) => {
    let keys = remoteKeySets.get(uri);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(uri));
      remoteKeySets.set(uri, keys);
    }
    return keys;
  };

  async function verify(
    token: string,
    key: Uint8Array | JWTVerifyGetKey,
    issuer: string,
    audience: string | null,
  ) {
    try {
      const options = { issuer, ...(audience ? { audience } : {}), clockTolerance: 30 };
      const { payload } =
        key instanceof Uint8Array
          ? await jwtVerify(token, key, options)
          : await jwtVerify(token, key, options);
      return identityFrom(payload);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw invalidToken();
    }
  }

  function integrationKey(row: SsoIntegrationRow): Uint8Array | JWTVerifyGetKey {
    if (row.secret) return new TextEncoder().encode(row.secret);
    if (row.jwks) return createLocalJWKSet(row.jwks as unknown as JSONWebKeySet);
    if (row.jwksUri) return remote(row.jwksUri);
    throw new Error(`integration ${row.key} has no secret or key set`);
  }

  /**
   * Finds the user of an external identity, or links it to the account with the same verified
   * e-mail, or creates a password-less account that must still accept the policies.
   */
  async function userFor(identity: Identity, organisationId: number | null): Promise<UserRow> {
    const users = usersRepository(deps.db);
    const linked = await users.findByExternalIdentity(identity.issuer, identity.subject);
    if (linked) return linked;
    if (!identity.email) {
      throw new DomainError(
        400,
        ErrorCode.invalidExternalToken,
        'The sign-in provider did not share an e-mail address.',
      );
    }
    return deps.db.transaction(async (tx) => {
      const txUsers = usersRepository(tx);
      let user = await txUsers.findByEmail(identity.email!);
      if (user && !identity.emailVerified) {
        throw new DomainError(
          400,
          ErrorCode.invalidExternalToken,
          'An account with this e-mail already exists. Log in with your password.',
        );
      }
      user ??= await txUsers.insert({
        email: identity.email!,
        firstName: identity.firstName,
        lastName: identity.lastName,
        organisationId,
      });
      if (!user) throw invalidToken();
      await txUsers.linkExternalIdentity(user.id, identity.issuer, identity.subject);
      return user;
    });
  }

  async function viaIntegration(key: string, token: string, organisationId: number | null) {
    const row = await organisationsRepository(deps.db).findIntegration(key);
    if (!row)
      throw new DomainError(400, ErrorCode.providerNotConfigured, 'This sign-in method is not available.');
    const identity = await verify(token, integrationKey(row), row.issuer, row.audience);
    return userFor(identity, row.organisationId ?? organisationId);
  }

  return {
    socialProviders(): SocialProvider[] {
      return deps.providers.map((p) => ({
        id: p.id,
        name: p.name,
        authorization_endpoint: p.authorization_endpoint,
        client_id: p.client_id,
      }));
    },

    /** Social login: an OpenID Connect ID token of a configured provider. */
    async convertSocialToken(backend: string, token: string, organisationId: number | null) {
      const provider = deps.providers.find((p) => p.id === backend);
      if (!provider)
        throw new DomainError(400, ErrorCode.providerNotConfigured, 'This sign-in method is not available.');
      const identity = await verify(token, remote(provider.jwks_uri), provider.issuer, provider.client_id);
      const user = await userFor(identity, organisationId);
      const issued = await deps.auth.issueToken(user.id, 'Bearer');
      return { access_token: issued.token, token_type: issued.token_type };
    },

    async convertPartnerToken(accessToken: string, organisationId: number | null) {
      const user = await viaIntegration(PARTNER_INTEGRATION_KEY, accessToken, organisationId);
      const issued = await deps.auth.issueToken(user.id, 'Bearer');
      return { access_token: issued.token, token_type: issued.token_type };
    },

    async convertSsoToken(integration: string, token: string, organisationId: number | null) {
      const user = await viaIntegration(integration, token, organisationId);
      return deps.auth.issueToken(user.id, 'Token');
    },
  };
}
export type ExternalAuthService = ReturnType<typeof externalAuthService>;
