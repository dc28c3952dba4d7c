import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@fotodrop/contract';
import { type EmbeddedPreview, PREVIEW_DATA_ELEMENT_ID } from '@fotodrop/contract/rules/preview-link';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CODES } from '../src/seed/demo-events';
import { CODE_GUESS_LIMITS } from '../src/services/albums/code-guess-limits';
import { BACKENDS } from './databases';
import { type Harness, startHarness } from './harness';
import { addPhoto, seededMarathon } from './photos';

const RIGHT = DEMO_CODES.marathonRunner;

/**
 * The runner's first look (issue 20): /preview?picacode=… comes with the preview call's answer in
 * the page, under the same album-code limits, so the app makes no call of its own.
 */
describe.each(BACKENDS)('the preview link page on %s', (backend) => {
  let h: Harness;
  let webDist: string;
  const sql = (text: string, params: unknown[] = []) => h.database.executeSql(text, params);

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'fotodrop-web-'));
    await writeFile(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Fotodrop</title></head><body><div id="root"></div></body></html>',
    );
    h = await startHarness(backend, { webDist });
    const marathon = await seededMarathon(h);
    for (let shade = 0; shade < 6; shade++) await addPhoto(h, marathon.place(), shade);
  });
  afterAll(async () => {
    await h?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const page = (url: string, address = '203.0.113.1', host?: string) =>
    h.app.inject({ url, remoteAddress: address, headers: host ? { host } : {} });
  /** The answer the page carries, or null. */
  const embedded = (html: string): EmbeddedPreview | null => {
    const match = new RegExp(
      `<script type="application/json" id="${PREVIEW_DATA_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(html);
    return match ? (JSON.parse(match[1]!) as EmbeddedPreview) : null;
  };
  const imagePreloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );
  const wrongCount = async (address: string) =>
    (
      (await sql('select count from rate_limits where key = $1', [`code:ip:${address}`])).rows[0] as
        | { count: number }
        | undefined
    )?.count ?? 0;

  it('carries the album preview and preloads its first photos, for this visitor only', async () => {
    const r = await page(`/preview?picacode=${RIGHT}&source=mail&redirect=%2Fprofile`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('private, no-store');
    const data = embedded(r.body)!;
    // the same answer the app's own call gets, for the same query (less the redirect target)
    const api = await h.app.inject({
      url: `/api/v2/photos-preview/?picacode=${RIGHT}&source=mail`,
      remoteAddress: '203.0.113.1',
    });
    expect(data).toEqual({ query: { picacode: RIGHT, source: 'mail' }, status: 200, body: api.json() });
    const photos = (data.body as { photos: { thumbnail_url: string }[] }).photos;
    expect(photos).toHaveLength(6);
    expect(imagePreloads(r.body)).toEqual(photos.slice(0, 4).map((p) => p.thumbnail_url));
    expect(r.body.indexOf(PREVIEW_DATA_ELEMENT_ID)).toBeLessThan(r.body.indexOf('</head>'));
  });

  it('builds its links from the configuration, whatever Host the request names', async () => {
    const honest = await page(`/preview?picacode=${RIGHT}`);
    const forged = await page(`/preview?picacode=${RIGHT}`, '203.0.113.1', 'evil.example');
    expect(forged.body).not.toContain('evil.example');
    expect(imagePreloads(forged.body)).toEqual(imagePreloads(honest.body));
  });

  it('escapes what the link carries: nothing of it closes the data element', async () => {
    const source = '</script><img src=x onerror=alert(1)>&"\u2028';
    const r = await page(`/preview?picacode=${RIGHT}&source=${encodeURIComponent(source)}`);
    expect(r.body).not.toContain('<img src=x');
    expect(r.body.match(/<\/script>/g)).toHaveLength(1);
    expect((embedded(r.body)!.body as { source: string }).source).toBe(source);
  });

  it('carries the refusal of a wrong code, counted once', async () => {
    const address = '203.0.113.2';
    const r = await page('/preview?picacode=ZZ00000001', address);
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('private, no-store');
    expect(embedded(r.body)).toMatchObject({ status: 400, body: { code: 'invalid_picacode' } });
    expect(imagePreloads(r.body)).toEqual([]);
    expect(await wrongCount(address)).toBe(1);
  });

  it('carries the wait of an address that used its wrong codes up, even for a right code', async () => {
    const address = '203.0.113.3';
    await sql('insert into rate_limits (key, count, window_started_at) values ($1, $2, $3)', [
      `code:ip:${address}`,
      CODE_GUESS_LIMITS.wrongCodesPerAddress.max,
      h.clock.now,
    ]);
    const r = await page(`/preview?picacode=${RIGHT}`, address);
    const data = embedded(r.body)!;
    expect(data).toMatchObject({ status: 429, body: { code: ErrorCode.rateLimited } });
    expect((data.body as { data: { retry_after_seconds: number } }).data.retry_after_seconds).toBeGreaterThan(
      0,
    );
    expect(imagePreloads(r.body)).toEqual([]);
  });

  it('carries nothing where the app makes no counted call: no code, half a link, a malformed query', async () => {
    for (const url of [
      '/preview',
      '/preview?pc=K7M2Q9P',
      `/preview?picacode=${RIGHT}&picacode=ZZ00000002`,
      `/preview?picacode=${RIGHT}&source=a%00b`,
      `/checkins?picacode=${RIGHT}`,
    ]) {
      const r = await page(url, '203.0.113.4');
      expect(embedded(r.body), url).toBeNull();
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
    expect(await wrongCount('203.0.113.4')).toBe(0);
  });
});
