import type { MetricMessage } from '@fotodrop/contract/api/metrics';
import { METRICS_IDLE_MS } from '@fotodrop/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../store/storage-keys';

/** A fresh module per test: its timers and listeners belong to that test. */
async function load() {
  vi.resetModules();
  return { ...(await import('./index')), ...(await import('../store/app-store')) };
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('metrics in the browser', () => {
  const posts: { url: string; auth: string | null; messages: MetricMessage[] }[] = [];
  beforeEach(() => {
    posts.length = 0;
    localStorage.clear();
    sessionStorage.clear();
    const meta = document.createElement('meta');
    meta.name = 'fotodrop-metrics-url';
    meta.content = 'https://metrics.fotodrop.example/';
    document.head.append(meta);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        posts.push({
          url,
          auth: headers.Authorization ?? null,
          messages: (JSON.parse(String(init.body)) as { messages: MetricMessage[] }).messages,
        });
        return new Response('{"accepted":1}', { status: 200 });
      }),
    );
  });
  let stopMetrics = () => {};
  afterEach(() => {
    stopMetrics();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.querySelector('meta[name="fotodrop-metrics-url"]')?.remove();
  });

  it('sends to the listener the server names, and adds id, time, platform, user and the visit’s tags', async () => {
    const { metricsUrl, rememberTags, startMetrics, trackMetric, useAppStore } = await load();
    expect(metricsUrl()).toBe('https://metrics.fotodrop.example');
    rememberTags('?utm_source=newsletter&utm_campaign=finish-line&other=x');
    useAppStore.getState().setAuth('k'.repeat(40), 'Token');
    trackMetric({ type: 'media_opened', event_id: 3, media_id: 9, media_type: 'p' });
    const queued = JSON.parse(localStorage.getItem(STORAGE_KEYS.metricQueue) ?? '[]') as MetricMessage[];
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      type: 'media_opened',
      event_id: 3,
      media_id: 9,
      platform: 's',
      tags: { utm_source: 'newsletter', utm_campaign: 'finish-line' },
    });
    expect(queued[0]?.id).toMatch(UUID_V4);
    expect(Date.parse(queued[0]?.timestamp ?? '')).not.toBeNaN();

    // start-up sends what the last visit left
    stopMetrics = startMetrics();
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      url: 'https://metrics.fotodrop.example/metric',
      auth: `Token ${'k'.repeat(40)}`,
    });
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.metricQueue)).toBeNull());
    useAppStore.getState().logout();
  });

  it('sends after a pause in activity and when the mouse leaves the window; beacons when the page is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { startMetrics, trackMetric } = await load();
    stopMetrics = startMetrics();
    trackMetric({ type: 'checkin_page_opened' });
    vi.advanceTimersByTime(METRICS_IDLE_MS - 1000);
    dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(2000);
    expect(posts).toHaveLength(0);
    vi.advanceTimersByTime(METRICS_IDLE_MS);
    vi.useRealTimers();
    await vi.waitFor(() => expect(posts).toHaveLength(1));

    trackMetric({ type: 'banner_viewed', banner_id: 4 });
    document.documentElement.dispatchEvent(new MouseEvent('mouseleave'));
    await vi.waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]?.messages[0]).toMatchObject({ type: 'banner_viewed', banner_id: 4 });

    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    trackMetric({ type: 'time_in_album', album_id: 1, time_in_seconds: 30 });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('https://metrics.fotodrop.example/metric');
    expect(blob.type).toBe('text/plain;charset=utf-8');
    // still queued: the next send confirms it
    expect(localStorage.getItem(STORAGE_KEYS.metricQueue)).toContain('time_in_album');
  });
});
