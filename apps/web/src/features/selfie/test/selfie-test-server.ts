import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { type RecordedRequest, startTestServer } from '../../../test/http-server';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { listPage } from '../../checkins/test/fixtures';

export type Answer = { status: number; body?: unknown } | undefined;

export interface SelfieTestServer {
  readonly server: Awaited<ReturnType<typeof startTestServer>>;
  answer: (req: RecordedRequest) => Answer;
}

/**
 * The check-in screens' test server (the user, an empty album list, the rest from `answer`), with
 * CORS: the selfie goes up through jsdom's XMLHttpRequest, which enforces the same-origin rules.
 */
export function setUpSelfieTestServer(): SelfieTestServer {
  let server: SelfieTestServer['server'] | undefined;
  const api: SelfieTestServer = {
    get server() {
      if (!server) throw new Error('the test server is not started yet');
      return server;
    },
    answer: () => undefined,
  };
  beforeAll(async () => {
    await initTestI18n();
    server = await startTestServer(
      (req) => {
        if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
        const own = api.answer(req);
        if (own) return own;
        if (req.method === 'GET' && req.path.startsWith('/api/v3/checkins/?'))
          return { status: 200, body: listPage([], 1, 0) };
        return undefined;
      },
      { cors: true },
    );
  });
  afterAll(() => api.server.close());
  afterEach(() => restoreCamera());
  beforeEach(() => {
    resetApp(`${api.server.url}/api`);
    api.server.requests.length = 0;
    api.answer = () => undefined;
    useAppStore.getState().setAuth('k1');
  });
  return api;
}

/** A camera stream whose tracks record that they were stopped. */
export function fakeStream() {
  const track = { stop: vi.fn(), kind: 'video' };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

/**
 * navigator.mediaDevices.getUserMedia as the test wants it (a stream, a refusal, or no camera
 * API at all), and a canvas that can take a frame (jsdom draws nothing).
 */
export function mockCamera(getUserMedia: (() => Promise<MediaStream>) | null) {
  const spy = getUserMedia ? vi.fn(getUserMedia) : null;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: spy ? { getUserMedia: spy } : undefined,
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: () => {},
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
    callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' })),
  );
  return spy;
}

export function restoreCamera() {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
}
