import { afterAll, beforeAll, beforeEach } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { type RecordedRequest, startTestServer } from '../../../test/http-server';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { listPage } from './fixtures';

export type Answer = { status: number; body?: unknown } | undefined;

export interface CheckinTestServer {
  readonly server: Awaited<ReturnType<typeof startTestServer>>;
  /** Answers for the check-in calls of a test; reset before each test. */
  answer: (req: RecordedRequest) => Answer;
}

/**
 * A real local HTTP server for the check-in screens' tests: the current user and an empty album
 * list are there unless `answer` answers them, the rest comes from `answer`. Registers its own hooks.
 */
export function setUpCheckinTestServer({ signedIn }: { signedIn: boolean }): CheckinTestServer {
  let server: CheckinTestServer['server'] | undefined;
  const api: CheckinTestServer = {
    get server() {
      if (!server) throw new Error('the test server is not started yet');
      return server;
    },
    answer: () => undefined,
  };
  beforeAll(async () => {
    await initTestI18n();
    server = await startTestServer((req) => {
      const own = api.answer(req);
      if (own) return own;
      if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
      if (req.method === 'GET' && req.path.startsWith('/api/v3/checkins/?'))
        return { status: 200, body: listPage([], 1, 0) };
      return undefined;
    });
  });
  afterAll(() => api.server.close());
  beforeEach(() => {
    resetApp(`${api.server.url}/api`);
    api.server.requests.length = 0;
    api.answer = () => undefined;
    if (signedIn) useAppStore.getState().setAuth('k1');
  });
  return api;
}
