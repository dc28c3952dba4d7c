import type { MetricMessage } from '@fotodrop/contract/api/metrics';
import { METRIC_PLATFORM, METRICS_IDLE_MS } from '@fotodrop/contract/constants';
import { metricRoutes } from '@fotodrop/contract/routes';
import { useAppStore } from '../store/app-store';
import { readItem, readJson, writeItem } from '../store/safe-storage';
import { STORAGE_KEYS } from '../store/storage-keys';
import { createMetricQueue, type MetricQueue } from './queue';

/** What a caller says about a metric; id, time, platform, user and campaign tags are added here. */
export type MetricInput = Omit<MetricMessage, 'id' | 'timestamp' | 'platform' | 'tags' | 'user_id'>;
type MetricTags = NonNullable<MetricMessage['tags']>;

const TAG_NAMES = ['network', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_id', 'utm_content'] as const;
/** The metrics listener's port when the page was not served by the server (the Vite dev server). */
const DEV_METRICS_PORT = 8081;

/** The listener's origin: told by the server (METRICS_PUBLIC_URL) in a meta tag of the page. */
export function metricsUrl(): string {
  const told = document.querySelector<HTMLMetaElement>('meta[name="fotodrop-metrics-url"]')?.content;
  if (told) return told.replace(/\/+$/, '');
  return `${location.protocol}//${location.hostname}:${DEV_METRICS_PORT}`;
}

/** The campaign tags of the link this visit came by (kept for the session: later pages have none). */
export function rememberTags(search: string): void {
  const params = new URLSearchParams(search);
  const tags: MetricTags = {};
  for (const name of TAG_NAMES) {
    const value = params.get(name);
    if (value) tags[name] = value.slice(0, 200);
  }
  if (Object.keys(tags).length > 0) writeItem('session', STORAGE_KEYS.metricTags, JSON.stringify(tags));
}

function authorization(): string | null {
  const { token, tokenType } = useAppStore.getState();
  return token ? `${tokenType} ${token}` : null;
}

let queue: MetricQueue | null = null;
function theQueue(): MetricQueue {
  queue ??= createMetricQueue({
    storage: {
      read: () => readItem('local', STORAGE_KEYS.metricQueue),
      write: (value) => writeItem('local', STORAGE_KEYS.metricQueue, value),
    },
    transport: {
      async post(body, auth) {
        const response = await fetch(`${metricsUrl()}${metricRoutes.send.path}`, {
          method: metricRoutes.send.method,
          headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
          body,
          // no keepalive: Chromium held such a request (it needs a preflight) until another one
          // went to the same host; the page's last moments are the beacon's.
        });
        const retryAfter = Number(response.headers.get('retry-after'));
        return { status: response.status, retryAfterSeconds: retryAfter > 0 ? retryAfter : null };
      },
      // text/plain: a beacon of this type needs no preflight (the listener reads it as JSON).
      beacon: (body) =>
        typeof navigator.sendBeacon === 'function' &&
        navigator.sendBeacon(
          `${metricsUrl()}${metricRoutes.send.path}`,
          new Blob([body], { type: 'text/plain;charset=UTF-8' }),
        ),
    },
    authorization,
  });
  return queue;
}

let idleTimer: ReturnType<typeof setTimeout> | null = null;
let lastActivity = 0;
/**
 * The queue leaves after METRICS_IDLE_MS without activity: each message and input moves the
 * moment on (a timestamp only, so mouse moves cost nothing); the timer checks it when it fires.
 */
function noteActivity(): void {
  lastActivity = Date.now();
  if (idleTimer === null) idleTimer = setTimeout(idleCheck, METRICS_IDLE_MS);
}
function idleCheck(): void {
  const quietFor = Date.now() - lastActivity;
  if (quietFor < METRICS_IDLE_MS) {
    idleTimer = setTimeout(idleCheck, METRICS_IDLE_MS - quietFor);
    return;
  }
  idleTimer = null;
  void theQueue().flush();
}

/**
 * Queues one usage message (albums spec §9): the moment it happened, the platform `s`, the
 * signed-in user (the listener trusts only the token) and the visit's campaign tags.
 */
export function trackMetric(input: MetricInput): void {
  const user = useAppStore.getState().user as { id?: number } | null;
  const tags = readJson<MetricTags>('session', STORAGE_KEYS.metricTags);
  const message: MetricMessage = {
    ...input,
    id: crypto.randomUUID(),
    timestamp: new Date().toISOString(),
    platform: METRIC_PLATFORM,
    ...(typeof user?.id === 'number' ? { user_id: user.id } : {}),
    ...(tags ? { tags } : {}),
  };
  theQueue().enqueue(message);
  noteActivity();
}

let stop: (() => void) | null = null;
/**
 * The triggers of the entry spec: at start-up, after a pause in activity (only while something
 * is queued), when the mouse leaves the window; and a beacon when the page is hidden. Answers
 * the function that removes the triggers again.
 */
export function startMetrics(): () => void {
  if (stop) return stop;
  const listening = new AbortController();
  const { signal } = listening;
  rememberTags(location.search);
  void theQueue().flush();
  for (const type of ['pointermove', 'pointerdown', 'keydown', 'scroll', 'touchstart'] as const) {
    addEventListener(type, noteActivity, { passive: true, capture: true, signal });
  }
  document.documentElement.addEventListener('mouseleave', () => void theQueue().flush(), { signal });
  // visibilitychange also fires when the tab closes (pagehide would send the same beacon twice).
  document.addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState === 'hidden') theQueue().beacon();
    },
    { signal },
  );
  stop = () => {
    listening.abort();
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = null;
    stop = null;
  };
  return stop;
}
