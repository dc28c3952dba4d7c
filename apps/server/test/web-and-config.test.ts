import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { webRoutes } from '../src/routes/web.routes';

describe('serving the built web app', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'fotodrop-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Fotodrop</title><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    app = Fastify();
    await webRoutes(app, { apiBase: '/api', webDist: dist });
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers every app route with the app shell, uncached', async () => {
    for (const url of ['/', '/profile/resume', '/checkins/ABC123?x=1', '/no/such/page']) {
      const r = await app.inject({ url });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('<div id="root">');
      expect(r.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with immutable caching and keeps API and file misses as 404', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/assets/index-gone.js' })).statusCode).toBe(404);
    const compressed = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const api = await app.inject({ url: '/api/unknown/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'not_found', message: 'Not found.' });
  });
});

describe("the pages a runner's e-mail opens", () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'fotodrop-dist-'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><div id="root"></div>',
    );
    const routes = [
      {
        path: '/preview',
        scripts: ['/assets/preview-2.js', '/assets/screens-3.js'],
        styles: ['/assets/preview-4.css'],
      },
      {
        path: '/checkins/:picacode',
        scripts: ['/assets/checkin-detail-5.js'],
        styles: [],
        run: ['/assets/early-album-6.js'],
      },
    ];
    await writeFile(join(dist, 'route-preloads.json'), JSON.stringify({ routes }));
    app = Fastify();
    await webRoutes(app, { apiBase: '/api', webDist: dist });
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("names the route's own scripts and styles in the page, so they download beside the entry script", async () => {
    const preview = (await app.inject({ url: '/preview?picacode=K7M2Q9P' })).body;
    expect(preview).toContain('<link rel="modulepreload" crossorigin href="/assets/preview-2.js">');
    expect(preview).toContain('<link rel="modulepreload" crossorigin href="/assets/screens-3.js">');
    expect(preview).toContain('<link rel="preload" as="style" href="/assets/preview-4.css">');
    expect(preview.indexOf('preview-2.js')).toBeLessThan(preview.indexOf('</head>'));
    const album = (await app.inject({ url: '/checkins/K7M2Q9P' })).body;
    expect(album).toContain('href="/assets/checkin-detail-5.js"');
    expect(album).not.toContain('preview-2.js');
    // the album's early lookup runs at once, after the entry script (a module script of the build)
    expect(album).toContain('<script type="module" crossorigin src="/assets/early-album-6.js"></script>');
    expect(preview).not.toContain('<script type="module" crossorigin src="/assets/early-album');
    for (const url of ['/', '/checkins', '/checkins/K7M2Q9P/more', '/previews']) {
      expect((await app.inject({ url })).body).not.toContain('modulepreload');
    }
  });

  it("refuses to start on a hints file that is not the build's", async () => {
    const bad = await mkdtemp(join(tmpdir(), 'fotodrop-dist-'));
    await writeFile(join(bad, 'index.html'), '<!doctype html><head></head>');
    const routes = [{ path: '/preview', scripts: ['https://elsewhere.example/x.js'], styles: [] }];
    await writeFile(join(bad, 'route-preloads.json'), JSON.stringify({ routes }));
    await expect(webRoutes(Fastify(), { apiBase: '/api', webDist: bad })).rejects.toThrow(/route-preloads/);
    await rm(bad, { recursive: true, force: true });
  });
});

describe('configuration', () => {
  it('parses the environment once with defaults', () => {
    const config = loadConfig({ PORT: '9000', OIDC_PROVIDERS: '[]' });
    expect(config.PORT).toBe(9000);
    expect(config.WORKERS).toBe('inline');
    expect(config.outboxDir.endsWith(join('data', 'outbox'))).toBe(true);
  });

  it('refuses an SSO integration without exactly one way to check its tokens', () => {
    const both = [{ key: 'x', issuer: 'i', secret: 's'.repeat(32), jwks_uri: 'https://idp.example/jwks' }];
    expect(() => loadConfig({ SSO_INTEGRATIONS: JSON.stringify(both) })).toThrow(/SSO_INTEGRATIONS/);
    expect(() => loadConfig({ SSO_INTEGRATIONS: JSON.stringify([{ key: 'x', issuer: 'i' }]) })).toThrow(
      /exactly one/,
    );
    const ok = loadConfig({
      SSO_INTEGRATIONS: JSON.stringify([{ key: 'x', issuer: 'i', secret: 's'.repeat(32) }]),
    });
    expect(ok.SSO_INTEGRATIONS).toHaveLength(1);
  });

  it('keeps media in a folder under DATA_DIR unless STORAGE is s3', () => {
    const local = loadConfig({ DATA_DIR: '/srv/fotodrop' });
    expect(local.storage).toEqual({ kind: 'local', dir: join('/srv/fotodrop', 'media') });
    const s3 = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'fotodrop/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s3.storage).toEqual({
      kind: 's3',
      bucket: 'photos',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'fotodrop/',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    // Without keys the SDK's default chain (environment, instance role) finds the credentials.
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'photos', S3_REGION: 'eu-central-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'photos',
      region: 'eu-central-1',
      forcePathStyle: false,
    });
  });

  it('refuses S3 storage without a bucket, half a key pair, or an unsafe prefix, naming the variable', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE is s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required/,
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_PREFIX: '../other' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ STORAGE: 'gcs' })).toThrow(/STORAGE/);
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or proxy addresses and CIDRs', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/2', '1,,2', '-1', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: a hop count/);
    }
  });

  it('accepts videos up to 200 MB unless MAX_VIDEO_MB says otherwise, and refuses a bad value', () => {
    expect(loadConfig({}).MAX_VIDEO_MB).toBe(200);
    expect(loadConfig({ MAX_VIDEO_MB: '1100' }).MAX_VIDEO_MB).toBe(1100);
    expect(() => loadConfig({ MAX_VIDEO_MB: '0' })).toThrow(/MAX_VIDEO_MB/);
  });

  it('ends idle engines after 180 s unless ENGINE_IDLE_SECONDS says otherwise, and refuses a bad value', () => {
    expect(loadConfig({}).ENGINE_IDLE_SECONDS).toBe(180);
    expect(loadConfig({ ENGINE_IDLE_SECONDS: '30' }).ENGINE_IDLE_SECONDS).toBe(30);
    for (const bad of ['0', '-5', 'soon', '1.5']) {
      expect(() => loadConfig({ ENGINE_IDLE_SECONDS: bad })).toThrow(/ENGINE_IDLE_SECONDS/);
    }
  });

  it("sizes PGlite's page cache at 32 MB unless PGLITE_SHARED_BUFFERS_MB says otherwise", () => {
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS_MB).toBe(32);
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '128' }).PGLITE_SHARED_BUFFERS_MB).toBe(128);
    for (const bad of ['0', '32MB', '1.5']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: bad })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
    }
  });

  // a generous limit: loading main.ts through tsx on two loaded cores has taken over 30 s
  it('stops the server with a message naming the bad variable', { timeout: 150_000 }, () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, PORT: 'eighty', OIDC_PROVIDERS: '{not json', STORAGE: 's3', S3_BUCKET: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('OIDC_PROVIDERS');
    expect(result.stderr).toContain('S3_BUCKET: required when STORAGE is s3');
  });
});
