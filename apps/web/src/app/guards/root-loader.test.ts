import type { AppConfig } from '@fotodrop/contract/api/config';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiRequest } from '../../shared/api/client';
import { DEFAULT_APP_CONFIG } from '../../shared/config/default-config';
import { useAppStore } from '../../shared/store/app-store';
import { type RecordedRequest, startTestServer } from '../../test/http-server';
import { initTestI18n, resetApp } from '../../test/setup';
import { loadSiteConfig } from './root-loader';

const alpine: AppConfig = {
  ...DEFAULT_APP_CONFIG,
  id: 901,
  app_name: 'alpinerun',
  name: 'Alpine Run Club',
  logo: '/brand/alpinerun.svg',
  theme: {
    primary: '#0f766e',
    primary_contrast: '#ffffff',
    accent: '#b45309',
    background: '#f0fdfa',
    surface: '#ffffff',
    text: '#134e4a',
  },
};

let server: Awaited<ReturnType<typeof startTestServer>>;
let answer: (req: RecordedRequest) => { status: number; body?: unknown } | undefined;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => answer(req));
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
});

describe('organisation config guard', () => {
  it('loads the subdomain config and sends its id as the event owner', async () => {
    answer = (req) =>
      req.path.startsWith('/api/api/v1/app-config/alpinerun/') ? { status: 200, body: alpine } : undefined;
    await loadSiteConfig('alpinerun.fotodrop.example');
    expect(server.requests[0]!.path).toBe('/api/api/v1/app-config/alpinerun/?lang=en');
    expect(useAppStore.getState().appConfig?.name).toBe('Alpine Run Club');
    expect(localStorage.getItem('event_owner_id')).toBe('901');
    await apiRequest({ method: 'GET', path: '/anything/' }).catch(() => undefined);
    expect(server.requests.at(-1)!.headers['x-event-owner']).toBe('901');
  });

  it('answers from the cache on the next navigation', async () => {
    answer = () => ({ status: 200, body: alpine });
    await loadSiteConfig('alpinerun.fotodrop.example');
    await loadSiteConfig('alpinerun.fotodrop.example');
    expect(server.requests.filter((r) => r.path.includes('app-config'))).toHaveLength(1);
  });

  it('skips the own site', async () => {
    answer = () => ({ status: 200, body: alpine });
    for (const host of [
      'fotodrop.example',
      'www.fotodrop.example',
      'www-dev.fotodrop.example',
      'localhost:5173',
    ]) {
      await loadSiteConfig(host);
    }
    expect(server.requests).toHaveLength(0);
    expect(useAppStore.getState().appConfig).toBeNull();
  });

  it('404: ready with the defaults and no stored event owner; failures likewise', async () => {
    useAppStore.getState().setEventOwnerId(55);
    answer = () => ({ status: 404, body: { code: 'not_found', message: 'No such app.' } });
    await loadSiteConfig('nobody.fotodrop.example');
    expect(useAppStore.getState().appConfig).toBeNull();
    expect(localStorage.getItem('event_owner_id')).toBeNull();

    useAppStore.getState().setEventOwnerId(55);
    answer = () => ({ status: 400, body: { code: 'validation_error', message: 'Bad name.' } });
    await loadSiteConfig('bad-name.fotodrop.example');
    expect(localStorage.getItem('event_owner_id')).toBeNull();
  });
});
