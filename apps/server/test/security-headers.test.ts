import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { CSP_SOURCES_FILE, readBuildSources, registerSecurityHeaders } from '../src/http/security-headers';
import { BACKENDS } from './databases';
import { collectingMailer, type Harness, startHarness } from './harness';

/** The Content-Security-Policy of an answer, directive → sources. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** What every answer must carry, whatever it is. */
function expectBaseline(response: LightMyRequestResponse) {
  const policy = policyOf(response);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('same-origin');
  return policy;
}

/** The app's own policy: nothing inline, nothing evaluated. */
function expectAppPolicy(response: LightMyRequestResponse) {
  const policy = expectBaseline(response);
  expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('style-src')).toEqual(["'self'"]);
  expect(String(response.headers['content-security-policy'])).not.toMatch(/'unsafe-(inline|eval)'/);
  return policy;
}

describe.each(BACKENDS)('security headers of the real app on %s', (backend) => {
  let harness: Harness;
  let dist: string;
  let mediaDir: string;
  let httpsApp: FastifyInstance;
  beforeAll(async () => {
    harness = await startHarness(backend);
    dist = await mkdtemp(join(tmpdir(), 'fotodrop-dist-'));
    mediaDir = await mkdtemp(join(tmpdir(), 'fotodrop-media-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><title>Fotodrop</title><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>',
    );
    await writeFile(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    // A build made with VITE_SENTRY_DSN set.
    await writeFile(
      join(dist, CSP_SOURCES_FILE),
      JSON.stringify({ 'connect-src': ['https://o1.ingest.sentry.io'], 'worker-src': ['blob:'] }),
    );
    httpsApp = await buildApp({
      database: harness.database,
      services: harness.services,
      mailer: collectingMailer(),
      storage: localStorage(mediaDir),
      mediaSecret: 'test-media-secret-0123456789abcdef',
      publicUrl: 'https://photos.example',
      webDist: dist,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await httpsApp?.close();
    await harness?.close();
    await rm(dist, { recursive: true, force: true });
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('puts the policy, nosniff, no framing and a same-origin referrer on API answers, errors included', async () => {
    for (const url of [
      '/api/health',
      '/api/v1/app-config/fotodrop/',
      '/api/no-such-endpoint/',
      '/api/v2/users/me/',
    ]) {
      const response = await harness.app.inject({ url });
      expect(response.statusCode).toBeLessThan(500);
      const policy = expectAppPolicy(response);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      // PUBLIC_URL is http here: no HSTS, and requests are not upgraded to https.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
    }
  });

  it("serves the web app's pages and files under the policy, with HSTS when PUBLIC_URL is https", async () => {
    for (const url of ['/', '/reset-password?token=abc', '/checkins/K7M2Q9P', '/assets/index-abc.js']) {
      const response = await httpsApp.inject({ url });
      expect(response.statusCode).toBe(200);
      const policy = expectAppPolicy(response);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(policy.has('upgrade-insecure-requests')).toBe(true);
      // The build talks to Sentry: its origin, and the blob: worker of its session replay.
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://o1.ingest.sentry.io']);
      expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
      expect(policy.get('media-src')).toEqual(["'self'"]);
    }
    const api = await httpsApp.inject({ url: '/api/health' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('lets the API reference run its own inline scripts by hash, and only there', async () => {
    const docs = await harness.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const policy = expectBaseline(docs);
    const inline = [...docs.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    const hashes = inline.map(
      (m) =>
        `'sha256-${createHash('sha256')
          .update(m[1] ?? '')
          .digest('base64')}'`,
    );
    expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-eval'", ...hashes]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    // Its script file and the OpenAPI document keep the app's policy.
    expectAppPolicy(await harness.app.inject({ url: '/api/docs/js/scalar.js' }));
    expectAppPolicy(await harness.app.inject({ url: '/api/openapi.json' }));
  });
});

describe("the web build's extra sources", () => {
  it('are none without a build or without the file, and stop the start when the file is not valid', async () => {
    expect(readBuildSources(null)).toEqual({ 'connect-src': [], 'worker-src': [] });
    const dist = await mkdtemp(join(tmpdir(), 'fotodrop-dist-'));
    try {
      expect(readBuildSources(dist)).toEqual({ 'connect-src': [], 'worker-src': [] });
      await writeFile(join(dist, CSP_SOURCES_FILE), '{}');
      expect(readBuildSources(dist)).toEqual({ 'connect-src': [], 'worker-src': [] });
      for (const bad of [
        '{"connect-src": ["*"]}',
        '{"connect-src": ["https://x.example; script-src *"]}',
        '{"script-src": ["https://cdn.example"]}',
        'not json',
      ]) {
        await writeFile(join(dist, CSP_SOURCES_FILE), bad);
        expect(() => readBuildSources(dist)).toThrow(/csp-sources\.json .* is not valid/);
      }
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('the policy with Stripe configured', () => {
  const headersOf = async (stripe: boolean) => {
    const app = Fastify();
    await registerSecurityHeaders(app, {
      apiBase: '/api',
      publicUrl: 'https://fotodrop.example',
      webDist: null,
      stripe,
    });
    app.get('/checkout', async () => 'ok');
    const response = await app.inject({ method: 'GET', url: '/checkout' });
    await app.close();
    return policyOf(response);
  };

  it('lets Stripe.js load and frame its fields only when Stripe is configured', async () => {
    const plain = await headersOf(false);
    expect(plain.get('frame-src')).toEqual(["'none'"]);
    expect(plain.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    const stripe = await headersOf(true);
    expect(stripe.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com']);
    expect(stripe.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe.get('connect-src')).toContain('https://api.stripe.com');
    expect(stripe.get('frame-ancestors')).toEqual(["'none'"]);
    expect(stripe.get('form-action')).toEqual(["'self'"]);
  });
});
