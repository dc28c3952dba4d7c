import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationsRepository } from '../src/repositories/organisations.repository';
import { PARTNER_INTEGRATION_KEY } from '../src/services/accounts/external-auth.service';
import { BACKENDS } from './databases';
import { call, type Harness, startHarness } from './harness';

const ISSUER = 'https://accounts.test-idp.example';
const CLIENT_ID = 'fotodrop-web';

/** A local OpenID provider: an RSA key pair whose public half is served as a JWKS over HTTP. */
async function startIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const sign = (
    claims: Record<string, unknown>,
    opts: { issuer?: string; audience?: string; key?: Parameters<SignJWT['sign']>[0] } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(opts.issuer ?? ISSUER)
      .setAudience(opts.audience ?? CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(opts.key ?? privateKey);
  return {
    jwksUri: `http://127.0.0.1:${port}/jwks`,
    jwk,
    sign,
    close: () => new Promise((r) => server.close(r)),
  };
}

describe.each(BACKENDS)('social login, partner and SSO tokens on %s', (backend) => {
  let h: Harness;
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  beforeAll(async () => {
    issuer = await startIssuer();
    h = await startHarness(backend, {
      providers: [
        {
          id: 'testid',
          name: 'Test ID',
          issuer: ISSUER,
          client_id: CLIENT_ID,
          authorization_endpoint: 'https://accounts.test-idp.example/authorize',
          jwks_uri: issuer.jwksUri,
        },
      ],
    });
    const orgs = organisationsRepository(h.database.db);
    await orgs.upsertIntegration({
      key: PARTNER_INTEGRATION_KEY,
      issuer: 'https://partner.example',
      jwks: { keys: [issuer.jwk as Record<string, unknown>] },
    });
    await orgs.upsertIntegration({
      key: 'hotel-sso',
      organisationId: 34,
      issuer: 'https://hotel.example',
      audience: 'fotodrop',
      secret: 'a-long-shared-secret-of-the-hotel-chain-0123456789',
    });
  });
  afterAll(async () => {
    await h?.close();
    await issuer?.close();
  });

  it('lists the configured provider for the login buttons', async () => {
    const { body } = await call(h.app, 'GET', '/api/api/v1/social-providers/');
    expect(body).toEqual({
      providers: [
        {
          id: 'testid',
          name: 'Test ID',
          authorization_endpoint: 'https://accounts.test-idp.example/authorize',
          client_id: CLIENT_ID,
        },
      ],
    });
  });

  it('exchanges a valid ID token for a Bearer token of a new user who must still accept the policies', async () => {
    const idToken = await issuer.sign({
      sub: 'user-1',
      email: 'social@example.com',
      email_verified: true,
      given_name: 'Sofia',
    });
    const converted = await call(h.app, 'POST', '/api/auth/convert-token/', {
      backend: 'testid',
      token: idToken,
    });
    expect(converted.status).toBe(200);
    expect(converted.body.token_type).toBe('Bearer');
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/v2/users/me/',
      headers: { authorization: `Bearer ${converted.body.access_token}` },
    });
    expect(me.json()).toMatchObject({
      email: 'social@example.com',
      first_name: 'Sofia',
      accepted_required_policies: false,
      has_usable_password: false,
    });

    // The same identity signs in to the same account.
    const again = await call(h.app, 'POST', '/api/auth/convert-token/', {
      backend: 'testid',
      token: await issuer.sign({ sub: 'user-1', email: 'social@example.com' }),
    });
    const me2 = await h.app.inject({
      method: 'GET',
      url: '/api/v2/users/me/',
      headers: { authorization: `Bearer ${again.body.access_token}` },
    });
    expect(me2.json().id).toBe(me.json().id);
  });

  it('refuses tokens with a wrong signature, issuer or audience, and unknown providers', async () => {
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    for (const token of [
      await issuer.sign({ sub: 'x', email: 'x@example.com' }, { key: otherKey }),
      await issuer.sign({ sub: 'x', email: 'x@example.com' }, { issuer: 'https://evil.example' }),
      await issuer.sign({ sub: 'x', email: 'x@example.com' }, { audience: 'someone-else' }),
      'not.a.jwt',
    ]) {
      const r = await call(h.app, 'POST', '/api/auth/convert-token/', { backend: 'testid', token });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('invalid_external_token');
    }
    const unknown = await call(h.app, 'POST', '/api/auth/convert-token/', {
      backend: 'nope',
      token: 'a.b.c',
    });
    expect(unknown.body.code).toBe('provider_not_configured');
  });

  it('converts a partner access token checked against the partner key set', async () => {
    const token = await issuer.sign(
      { sub: 'guest-42', email: 'guest@partner.example', email_verified: true },
      { issuer: 'https://partner.example', audience: 'any' },
    );
    const r = await call(h.app, 'POST', '/api/accounts/ibi/convert-token/', { access_token: token });
    expect(r.status).toBe(200);
    expect(r.body.token_type).toBe('Bearer');
    expect(typeof r.body.access_token).toBe('string');
  });

  it('converts an organisation SSO token signed with its shared secret, and refuses a forged one', async () => {
    const secret = new TextEncoder().encode('a-long-shared-secret-of-the-hotel-chain-0123456789');
    const token = await new SignJWT({ email: 'guest@hotel.example', email_verified: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('room-guest-7')
      .setIssuer('https://hotel.example')
      .setAudience('fotodrop')
      .setExpirationTime('5m')
      .sign(secret);
    const ok = await call(h.app, 'POST', '/api/v2/user/sso-integration/', {
      token,
      integration: 'hotel-sso',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.token_type).toBe('Token');
    const forged = await new SignJWT({ email: 'guest@hotel.example' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('room-guest-7')
      .setIssuer('https://hotel.example')
      .setAudience('fotodrop')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect(
      (
        await call(h.app, 'POST', '/api/v2/user/sso-integration/', {
          token: forged,
          integration: 'hotel-sso',
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(h.app, 'POST', '/api/v2/user/sso-integration/', { token, integration: 'unknown' })).body
        .code,
    ).toBe('provider_not_configured');
  });
});
