import type { MetricMessage } from '@fotodrop/contract';
import { randomSecret, sha256 } from '../../adapters/secrets';
import type { Db } from '../../db/client';
import { metricEventsRepository, type StoredMessage } from '../../repositories/metric-events.repository';
import { tokensRepository } from '../../repositories/users.repository';
import { parseAuthorization } from '../accounts/auth.service';

export interface MetricIntakeOptions {
  db: Db;
  /** How long the first message of a batch waits for others before the insert (ms). */
  flushMs?: number;
  /** A batch this large is inserted at once. */
  maxRows?: number;
  now?: () => Date;
}

interface Waiting {
  rows: StoredMessage[];
  resolve: (accepted: number) => void;
  reject: (error: unknown) => void;
}

const TOKEN_CACHE_MS = 30_000;
const TOKEN_CACHE_MAX = 10_000;

/**
 * The metrics listener's writer. Posts arriving within `flushMs` of each other are inserted in one
 * statement (one round trip for many browsers), each message once: its id is unique in the store,
 * so a batch sent again after a lost answer counts nothing twice. Each post learns how many of its
 * own messages were new; when the insert fails every post of the batch fails (the browsers keep
 * their queue and send again).
 */
export function metricIntake({
  db,
  flushMs = 5,
  maxRows = 5000,
  now = () => new Date(),
}: MetricIntakeOptions) {
  const repo = metricEventsRepository(db);
  const tokens = tokensRepository(db);
  let pending: Waiting[] = [];
  let pendingIds = new Set<string>();
  let pendingRows = 0;
  let timer: NodeJS.Timeout | null = null;
  const inFlight = new Set<Promise<void>>();

  async function flush(batch: Waiting[]): Promise<void> {
    try {
      const stored = new Set(await repo.insertMessages(batch.flatMap((w) => w.rows)));
      for (const w of batch) w.resolve(w.rows.filter((r) => stored.has(r.message_id)).length);
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  function startFlush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    pendingIds = new Set();
    pendingRows = 0;
    const done = flush(batch).finally(() => inFlight.delete(done));
    inFlight.add(done);
  }

  // Who sent a message is the token's user, never a body's user_id (anyone could write any id).
  // An unknown or expired token sends anonymously: a stale session must not lose its messages.
  // Tokens are remembered briefly, so a busy browser costs one lookup per half minute.
  const users = new Map<string, { userId: number | null; until: number }>();
  async function userOf(authorization: string | undefined): Promise<number | null> {
    const parsed = parseAuthorization(authorization);
    if (!parsed) return null;
    const keyHash = sha256(parsed.key);
    const at = now().getTime();
    const known = users.get(keyHash);
    if (known && known.until > at) return known.userId;
    const found = await tokens.findValidWithUser(keyHash, now());
    const userId = found?.user.id ?? null;
    if (users.size >= TOKEN_CACHE_MAX) users.clear();
    users.set(keyHash, { userId, until: at + TOKEN_CACHE_MS });
    return userId;
  }

  // An anonymous sender is its address, hashed with a salt made for the day and kept only here:
  // the daily figures count it once, and what is stored names no address (not even after the day).
  let salt = { day: '', value: '' };
  function senderOf(ip: string): string {
    const day = now().toISOString().slice(0, 10);
    if (salt.day !== day) salt = { day, value: randomSecret() };
    return sha256(`${salt.value}:${ip}`).slice(0, 32);
  }

  return {
    /**
     * Stores a post's messages (with the next batch); answers how many were new. Messages about an
     * event or medium that does not exist are not stored (and not counted as new).
     */
    async submit(messages: MetricMessage[], authorization: string | undefined, ip: string): Promise<number> {
      const userId = await userOf(authorization);
      const sender = userId === null ? senderOf(ip) : null;
      // A message twice in one batch (two tabs, or one post repeated quickly) is stored once and
      // counted for the first post only.
      const rows: StoredMessage[] = [];
      for (const m of messages) {
        if (pendingIds.has(m.id)) continue;
        pendingIds.add(m.id);
        rows.push(toStored(m, userId, sender));
      }
      if (rows.length === 0) return 0;
      const accepted = new Promise<number>((resolve, reject) => {
        pending.push({ rows, resolve, reject });
      });
      pendingRows += rows.length;
      if (pendingRows >= maxRows) startFlush();
      else timer ??= setTimeout(startFlush, flushMs);
      return accepted;
    },
    /** Writes what is waiting and waits for the inserts under way (at shutdown). */
    async drain(): Promise<void> {
      if (pending.length > 0) startFlush();
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type MetricIntake = ReturnType<typeof metricIntake>;

function toStored(message: MetricMessage, userId: number | null, sender: string | null): StoredMessage {
  const { id, type, event_id, timestamp, user_id: _claimed, ...rest } = message;
  return {
    message_id: id,
    type,
    user_id: userId,
    event_id: event_id ?? null,
    occurred_at: timestamp,
    payload: rest,
    sender,
  };
}
