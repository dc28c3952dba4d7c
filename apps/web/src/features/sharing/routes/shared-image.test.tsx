import type { MetricMessage } from '@fotodrop/contract/api/metrics';
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/store/storage-keys';
import { type RecordedRequest, startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, resetApp } from '../../../test/setup';

type Answer = { status: number; body?: unknown } | undefined;
let server: Awaited<ReturnType<typeof startTestServer>>;
let answer: (req: RecordedRequest) => Answer;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => answer(req));
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  localStorage.clear();
  server.requests.length = 0;
  answer = () => undefined;
});
afterEach(cleanup);

const shared = {
  is_valid: true,
  media: {
    id: 42,
    type: 'photo',
    url: 'https://cdn.example/m/42/preview.jpg',
    thumbnail_url: 'https://cdn.example/m/42/thumb.jpg',
    width: 1600,
    height: 1067,
  },
  event: { id: 9, name: 'Alpine Marathon 2026', slug: '0a1b2c3d' },
};

describe('/shared/:userId/:mediaId/:hash', () => {
  it('shows a logged-out visitor the shared photo and leads to the event to find their own', async () => {
    answer = (req) =>
      req.method === 'POST' && req.path === '/api/v1/shared-image/'
        ? { status: 200, body: shared }
        : undefined;
    renderApp('/shared/7/42/AbC-_9');
    const heading = await screen.findByRole(
      'heading',
      {
        level: 1,
        name: 'A photo from Alpine Marathon 2026',
      },
      { timeout: 5000 },
    );
    expect(heading).toBeTruthy();
    const img = screen.getByRole('img', { name: 'Photo from Alpine Marathon 2026' }) as HTMLImageElement;
    expect(img.src).toBe(shared.media.url);
    expect(screen.getByRole('link', { name: 'Find my photos' }).getAttribute('href')).toBe('/e/0a1b2c3d');
    const call = server.requests.find((r) => r.path === '/api/v1/shared-image/');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ user_id: 7, media_id: 42, security_hash: 'AbC-_9' });
    // the visit is counted for the sharer's link
    const queued = JSON.parse(localStorage.getItem(STORAGE_KEYS.metricQueue) ?? '[]') as MetricMessage[];
    expect(queued.filter((m) => m.type === 'shared_link_opened')).toEqual([
      expect.objectContaining({
        event_id: 9,
        media_id: 42,
        media_type: 'p',
        sharing_user_id: 7,
        platform: 's',
      }),
    ]);
  });

  it('says the link does not work when the server refuses it (400)', async () => {
    answer = (req) =>
      req.path === '/api/v1/shared-image/'
        ? { status: 400, body: { code: 'invalid_shared_link', message: 'This link is not valid.' } }
        : undefined;
    renderApp('/shared/7/42/tampered');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link does not work' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('does not ask the server about a link that cannot be one', async () => {
    renderApp('/shared/0/42/hash');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link does not work' }, { timeout: 5000 }),
    ).toBeTruthy();
    renderApp('/shared/7/42/has%20space');
    expect(server.requests.filter((r) => r.path === '/api/v1/shared-image/')).toHaveLength(0);
  });
});
