import { afterEach, describe, expect, it, vi } from 'vitest';
import { type IdleThreadPool, idleThreadPool } from '../src/adapters/engines/idle-thread-pool';

// The engine-agnostic lifecycle (face engines now, OCR later) on a fake engine thread that takes
// 200 ms to "load" and answers after the time each request asks for.
interface Request {
  value: number;
  ms?: number;
  crash?: boolean;
}
interface Result {
  doubled: number;
  thread: number;
}

const ENTRY = new URL('./fakes/slow-engine-thread.mjs', import.meta.url);
let pool: IdleThreadPool<Request, Result> | undefined;
afterEach(() => pool?.close());

function makePool(idleMs: number, threads = 1, onThreads?: (running: number) => void) {
  pool = idleThreadPool<Request, Result>({
    threads,
    entry: ENTRY,
    idleMs,
    name: 'test engine',
    failed: 'test failed',
    onThreads,
  });
  return pool;
}
const stopped = (p: IdleThreadPool<Request, Result>) =>
  vi.waitFor(() => expect(p.running()).toBe(0), { timeout: 20_000, interval: 20 });

describe('engine pool with idle shutdown', () => {
  it('starts no thread before there is work, one on work, and ends it after the idle time', async () => {
    const changes: number[] = [];
    const p = makePool(100, 1, (n) => changes.push(n));
    expect(p.running()).toBe(0);
    const answer = p.run({ value: 21 });
    expect(p.running()).toBe(1);
    await expect(answer).resolves.toMatchObject({ doubled: 42 });
    await stopped(p);
    expect(changes).toEqual([1, 0]);
    // and starts a new one for the next work
    const again = await p.run({ value: 2 });
    expect(again.doubled).toBe(4);
    expect(changes).toEqual([1, 0, 1]);
  });

  it('never ends a thread that holds work, however short the idle time (loading included)', async () => {
    const p = makePool(1);
    // 200 ms of loading and 300 ms of work, 1 ms of idle time: the request still gets its answer
    await expect(p.run({ value: 5, ms: 300 })).resolves.toMatchObject({ doubled: 10 });
    const queued = await Promise.all([1, 2, 3].map((value) => p.run({ value, ms: 50 })));
    expect(queued.map((r) => r.doubled)).toEqual([2, 4, 6]);
  });

  it('loses no work that arrives while a thread is ending: another thread takes it', async () => {
    const answers: Promise<Result>[] = [];
    let first = true;
    const p = makePool(50, 1, (running) => {
      // the moment the idle thread is taken out and told to end
      if (running === 0 && first) {
        first = false;
        answers.push(p.run({ value: 7 }), p.run({ value: 8, ms: 20 }));
      }
    });
    const { thread: firstThread } = await p.run({ value: 1 });
    await vi.waitFor(() => expect(answers).toHaveLength(2), { timeout: 20_000, interval: 10 });
    const results = await Promise.all(answers);
    expect(results.map((r) => r.doubled)).toEqual([14, 16]);
    expect(results[0]?.thread).not.toBe(firstThread);
    await stopped(p);
  });

  it('warms a thread before work arrives, which then ends when idle like any other', async () => {
    const changes: number[] = [];
    const p = makePool(100, 2, (n) => changes.push(n));
    p.warm();
    p.warm();
    expect(p.running()).toBe(1);
    await stopped(p);
    expect(changes).toEqual([1, 0]);
    p.warm();
    await expect(p.run({ value: 4 })).resolves.toMatchObject({ doubled: 8 });
    expect(changes).toEqual([1, 0, 1]);
  });

  it('stops extra threads after a burst and keeps serving with fewer', async () => {
    const p = makePool(100, 2);
    const burst = await Promise.all([1, 2, 3, 4].map((value) => p.run({ value, ms: 100 })));
    expect(new Set(burst.map((r) => r.thread)).size).toBe(2);
    await stopped(p);
    await expect(p.run({ value: 3 })).resolves.toMatchObject({ doubled: 6 });
    expect(p.running()).toBe(1);
  });

  it('fails the request of a thread that dies, replaces it, and fails everything once closed', async () => {
    const p = makePool(60_000);
    const crashing = p.run({ value: 1, crash: true });
    const waiting = p.run({ value: 2 });
    await expect(crashing).rejects.toThrow(/test engine thread stopped/);
    await expect(waiting).resolves.toMatchObject({ doubled: 4 });
    const queued = expect(p.run({ value: 3, ms: 500 })).rejects.toThrow(/test engine thread stopped/);
    const behind = expect(p.run({ value: 4 })).rejects.toThrow(/the test engine is closed/);
    await p.close();
    await behind;
    await queued;
    await expect(p.run({ value: 5 })).rejects.toThrow(/closed/);
    expect(p.running()).toBe(0);
  });
});
