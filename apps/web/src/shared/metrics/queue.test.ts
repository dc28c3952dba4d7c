import type { MetricMessage } from '@fotodrop/contract/api/metrics';
import { describe, expect, it } from 'vitest';
import { BATCH_MAX, BEACON_MAX, createMetricQueue, PAUSE_FIRST_MS, PAUSE_MAX_MS, QUEUE_MAX } from './queue';

let next = 0;
const message = (extra: Partial<MetricMessage> = {}): MetricMessage => ({
  id: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
  type: 'media_viewed',
  timestamp: '2026-11-25T10:00:00.000Z',
  platform: 's',
  ...extra,
});

type Answer = number | 'down' | { status: number; retryAfterSeconds: number };

/** A listener that answers what `answers` says (a status, or 'down' for no answer) and remembers posts. */
function setup(
  answers: (body: { messages: MetricMessage[] }) => Answer = () => 200,
  initial: MetricMessage[] = [],
) {
  let stored: string | null = initial.length > 0 ? JSON.stringify(initial) : null;
  const posts: { messages: MetricMessage[]; auth: string | null }[] = [];
  const beacons: { messages: MetricMessage[]; authorization?: string }[] = [];
  const waits: number[] = [];
  const warnings: string[] = [];
  const clock = { now: 1_000_000 };
  let auth: string | null = null;
  const queue = createMetricQueue({
    storage: {
      read: () => stored,
      write: (v) => {
        stored = v;
      },
    },
    transport: {
      async post(body, authorization) {
        const parsed = JSON.parse(body) as { messages: MetricMessage[] };
        posts.push({ ...parsed, auth: authorization });
        const answer = answers(parsed);
        if (answer === 'down') throw new TypeError('Failed to fetch');
        return typeof answer === 'number' ? { status: answer } : answer;
      },
      beacon(body) {
        beacons.push(JSON.parse(body));
        return true;
      },
    },
    authorization: () => auth,
    sleep: async (ms) => void waits.push(ms),
    now: () => clock.now,
    warn: (text) => void warnings.push(text),
  });
  return {
    queue,
    posts,
    beacons,
    waits,
    warnings,
    clock,
    stored: () => (stored === null ? [] : (JSON.parse(stored) as MetricMessage[])),
    setAuth: (value: string | null) => {
      auth = value;
    },
  };
}

describe('metric queue', () => {
  it('keeps messages in storage until the listener has answered, then removes them', async () => {
    const t = setup();
    t.setAuth('Token abc');
    const a = message();
    const b = message({ type: 'media_opened' });
    t.queue.enqueue(a);
    t.queue.enqueue(b);
    expect(t.stored()).toEqual([a, b]);
    await t.queue.flush();
    expect(t.posts).toEqual([{ messages: [a, b], auth: 'Token abc' }]);
    expect(t.stored()).toEqual([]);
  });

  it('pauses after a send nobody answered (listener down, or CORS): one request, then 30 s, 60 s … 15 min; one warning', async () => {
    let up = false;
    const t = setup(() => (up ? 200 : 'down'));
    const queued = [message(), message(), message()];
    for (const m of queued) t.queue.enqueue(m);
    await t.queue.flush();
    expect(t.posts).toHaveLength(1);
    expect(t.waits).toEqual([]);
    expect(t.stored()).toEqual(queued);
    // triggers during the pause send nothing, nor does the page being hidden
    await t.queue.flush();
    t.queue.beacon();
    t.clock.now += PAUSE_FIRST_MS - 1;
    await t.queue.flush();
    expect(t.posts).toHaveLength(1);
    expect(t.beacons).toHaveLength(0);
    t.clock.now += 1;
    await t.queue.flush();
    expect(t.posts).toHaveLength(2);
    // the second pause is twice as long
    t.clock.now += PAUSE_FIRST_MS;
    await t.queue.flush();
    expect(t.posts).toHaveLength(2);
    t.clock.now += PAUSE_FIRST_MS;
    // the listener is back: the same messages arrive, once
    up = true;
    await t.queue.flush();
    expect(t.posts.at(-1)?.messages).toEqual(queued);
    expect(t.stored()).toEqual([]);
    expect(t.warnings).toHaveLength(1);
  });

  it('sends a refused queue at most a dozen times in an hour of triggers, however many there are', async () => {
    const t = setup(() => 'down');
    t.queue.enqueue(message());
    // a trigger every second for an hour (idle timer, mouse leaving, start-up, the page hidden)
    for (let second = 0; second < 3600; second++) {
      await t.queue.flush();
      t.queue.beacon();
      t.clock.now += 1000;
    }
    // 30 s, 1, 2, 4, 8 min, then every 15 min
    expect(t.posts.length + t.beacons.length).toBeLessThanOrEqual(12);
    expect(t.warnings).toHaveLength(1);
    expect(PAUSE_MAX_MS).toBe(15 * 60_000);
  });

  it("retries 5xx answers at once (a batch is idempotent by its ids); pauses as long as a 429's Retry-After; drops a batch refused as invalid", async () => {
    const statuses: Answer[] = [503, { status: 429, retryAfterSeconds: 120 }, 200];
    const t = setup(() => statuses.shift() ?? 200);
    t.queue.enqueue(message());
    await t.queue.flush();
    expect(t.posts).toHaveLength(2);
    expect(t.waits).toEqual([1000]);
    t.clock.now += PAUSE_FIRST_MS;
    await t.queue.flush();
    expect(t.posts).toHaveLength(2);
    t.clock.now += 120_000;
    await t.queue.flush();
    expect(t.posts).toHaveLength(3);
    expect(t.stored()).toEqual([]);
    const refusing = setup(() => 400);
    refusing.queue.enqueue(message());
    await refusing.queue.flush();
    expect(refusing.posts).toHaveLength(1);
    expect(refusing.stored()).toEqual([]);
  });

  it('sends a body too large (413) again in halves', async () => {
    const t = setup(({ messages }) => (messages.length > 2 ? 413 : 200));
    const queued = Array.from({ length: 5 }, () => message());
    for (const m of queued) t.queue.enqueue(m);
    await t.queue.flush();
    expect(t.posts.map((p) => p.messages.length)).toEqual([5, 3, 2, 1, 2]);
    expect(t.stored()).toEqual([]);
  });

  it('sends a long queue in batches of at most 500 and keeps its newest messages when it overflows', async () => {
    const t = setup(
      () => 200,
      Array.from({ length: QUEUE_MAX + 9 }, (_, i) => message({ media_id: i + 1 })),
    );
    t.queue.enqueue(message({ media_id: QUEUE_MAX + 10 }));
    expect(t.queue.size()).toBe(QUEUE_MAX);
    expect(t.stored()[0]?.media_id).toBe(11);
    await t.queue.flush();
    expect(t.posts).toHaveLength(QUEUE_MAX / BATCH_MAX);
    expect(Math.max(...t.posts.map((p) => p.messages.length))).toBe(BATCH_MAX);
  });

  it('removes only what was answered: a message queued during a send goes in the next batch; triggers join a run', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let stored: string | null = null;
    const posted: string[][] = [];
    const queue = createMetricQueue({
      storage: {
        read: () => stored,
        write: (v) => {
          stored = v;
        },
      },
      transport: {
        async post(body) {
          posted.push((JSON.parse(body) as { messages: MetricMessage[] }).messages.map((m) => m.id));
          await gate;
          return { status: 200 };
        },
        beacon: () => true,
      },
      authorization: () => null,
    });
    const first = message();
    const late = message();
    queue.enqueue(first);
    const run = queue.flush();
    expect(queue.flush()).toBe(run);
    queue.enqueue(late);
    release();
    await run;
    expect(posted).toEqual([[first.id], [late.id]]);
    expect(queue.size()).toBe(0);
  });

  it('sends the queue by beacon in chunks a browser accepts, with the token inside, and keeps it queued', () => {
    const t = setup();
    t.setAuth('Bearer xyz');
    for (let i = 0; i < BEACON_MAX + 1; i++) t.queue.enqueue(message());
    t.queue.beacon();
    expect(t.beacons.map((b) => b.messages.length)).toEqual([BEACON_MAX, 1]);
    expect(t.beacons[0]?.authorization).toBe('Bearer xyz');
    expect(t.queue.size()).toBe(BEACON_MAX + 1);
  });

  it('survives a damaged storage item', async () => {
    const t = setup();
    const queue = createMetricQueue({
      storage: { read: () => '{oops', write: () => {} },
      transport: { post: async () => ({ status: 200 }), beacon: () => true },
      authorization: () => null,
    });
    expect(queue.size()).toBe(0);
    await queue.flush();
    expect(t.posts).toEqual([]);
  });
});
