import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import {
  type Handler,
  type RecordedRequest,
  startTestServer,
  type TestServerOptions,
} from '../../../test/http-server';
import { initTestI18n, resetApp } from '../../../test/setup';

export interface ConsoleTestServer {
  readonly url: string;
  /** Every call the app made in the running test, oldest first. */
  readonly requests: RecordedRequest[];
}

/**
 * The fake API of one organiser-console test file, answered by `handler`: a real local server
 * started (with the real catalogues) before the file's tests and closed after them. Each test
 * starts signed in on a fresh app pointed at it, with no requests recorded; after each, the page
 * is unmounted and spies are restored. Call it at the top of the file, outside any `describe`.
 */
export function consoleTestServer(
  handler: Handler,
  options: TestServerOptions = { cors: true },
): ConsoleTestServer {
  let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
  const started = () => {
    if (!server) throw new Error('the console test server is not started yet');
    return server;
  };
  beforeAll(async () => {
    await initTestI18n();
    server = await startTestServer(handler, options);
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    resetApp(`${started().url}/api`);
    started().requests.length = 0;
    useAppStore.getState().setAuth('key-1', 'Token');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  return {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
  };
}
