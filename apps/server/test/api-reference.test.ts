import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyApiReference } from '../src/routes/api-reference';

const app = Fastify();
lazyApiReference(app, '/api/docs', {
  content: { openapi: '3.1.0', info: { title: 'T', version: '1' } },
  title: 'Fotodrop API',
});
afterAll(() => app.close());

// The reference loads on its first visit (issue 17: memory at rest); what a visitor gets is the same.
describe('the API reference, loaded on its first visit', () => {
  it('answers the first visits at once, together, with the page and its script', async () => {
    const [page, again] = await Promise.all([
      app.inject({ url: '/api/docs/' }),
      app.inject({ url: '/api/docs/' }),
    ]);
    for (const answer of [page, again]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body).toContain('Fotodrop API');
    }
    const script = await app.inject({ url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body.length).toBeGreaterThan(100_000);
  });

  it('answers the bare path as the plugin does, and unknown paths with 404', async () => {
    const bare = await app.inject({ url: '/api/docs' });
    expect([200, 301, 302]).toContain(bare.statusCode);
    if (bare.statusCode !== 200) expect(bare.headers.location).toMatch(/\/api\/docs\/$/);
    expect((await app.inject({ url: '/api/docs/nothing-here' })).statusCode).toBe(404);
  });
});
