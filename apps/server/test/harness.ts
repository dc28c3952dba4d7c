import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FaceEngine } from '../src/adapters/faces/face-engine';
import type { FaceIndex } from '../src/adapters/faces/face-index';
import { type JobQueue, startJobQueue } from '../src/adapters/jobs/job-queue';
import type { Mailer, MailMessage } from '../src/adapters/mail/mailer';
import type { PasswordHasher } from '../src/adapters/password-hasher';
import type { PaymentRegistry } from '../src/adapters/payments/payment-registry';
import { localStorage } from '../src/adapters/storage/local-storage';
import type { Storage } from '../src/adapters/storage/storage';
import { postgresUploadLocker } from '../src/adapters/storage/upload-locker';
import { UPLOAD_EXPIRY_MS, type UploadStore } from '../src/adapters/storage/upload-store';
import { buildApp } from '../src/app';
import type { OidcProviderConfig } from '../src/config';
import type { ResponseMismatch } from '../src/http/route';
import { buildMetricsApp } from '../src/metrics-app';
import { seedBase } from '../src/seed/demo';
import { metricIntake } from '../src/services/metrics/metric-intake';
import { createServices, type Services } from '../src/services/services';
import { type Backend, createTestDatabase, type TestDatabase } from './databases';

/**
 * The real app on a fresh database of the given backend. Real: database, migrations, job queue,
 * services, HTTP layer. Replaced: none by default; `mailer` may be a real SMTP mailer or a
 * collecting one, and `now` lets a test move time forward.
 */
export interface Harness {
  app: FastifyInstance;
  /** The metrics listener (its own instance, as on METRICS_PORT) over the same database. */
  metrics: FastifyInstance;
  services: Services;
  database: TestDatabase;
  jobs: JobQueue;
  clock: { now: Date };
  /** Its media storage (what the app reads and writes). */
  storage: Storage;
  /** The folder of its resumable uploads (a second app on it sees the same uploads, as after a restart). */
  uploadDir: string;
  /** 2xx answers that did not match their endpoint's response schema; close() fails when any is left. */
  responseMismatches: ResponseMismatch[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  mailer?: Mailer;
  providers?: OidcProviderConfig[];
  hasher?: PasswordHasher;
  /** Media storage; a fresh temporary folder (removed on close) by default. */
  storage?: Storage;
  /** Where resumable uploads are kept; a FileStore in `uploadDir` by default. */
  uploadStore?: UploadStore;
  /** Payment providers (e.g. Stripe pointed at a local fake); from the configuration (test provider) by default. */
  payments?: (db: TestDatabase['db']) => PaymentRegistry;
  /** A built web app's folder (index.html) for the pages the server renders into; none by default. */
  webDist?: string;
  /** The face engine (e.g. one with a short idle time); the process' shared pool by default. */
  faceEngine?: FaceEngine;
  /** The face index; the default of `createFaceIndex` by default. */
  faceIndex?: (db: TestDatabase['db']) => FaceIndex;
}

/** Resumable uploads in `dir`, as the server keeps them under DATA_DIR (`<data>/tus`). */
export const testUploadStore = (dir: string) =>
  new FileStore({ directory: dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });

/** A mailer that keeps what it sends in memory, for tests that only need to read the message. */
export function collectingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { outboxDir: null, sent, send: async (m) => void sent.push(m) };
}

export async function startHarness(backend: Backend, options: HarnessOptions = {}): Promise<Harness> {
  const database = await createTestDatabase(backend);
  await seedBase(database.db);
  const jobs = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
  const clock = { now: new Date() };
  const mediaDir = options.storage ? null : await mkdtemp(join(tmpdir(), 'fotodrop-media-'));
  const storage = options.storage ?? localStorage(mediaDir!);
  const uploadDir = await mkdtemp(join(tmpdir(), 'fotodrop-tus-'));
  // as in production: on PostgreSQL the upload locks are advisory locks every process shares
  const uploadLocker = database.connectionString ? postgresUploadLocker(database.connectionString) : null;
  const mediaSecret = 'test-media-secret-0123456789abcdef';
  const services = createServices({
    db: database.db,
    jobs,
    storage,
    mediaSecret,
    now: () => clock.now,
    config: { TOKEN_TTL_DAYS: 30, REQUIRED_POLICIES_VERSION: 1, OIDC_PROVIDERS: options.providers ?? [] },
    ...(options.hasher ? { hasher: options.hasher } : {}),
    ...(options.payments ? { payments: options.payments(database.db) } : {}),
    ...(options.faceEngine ? { faceEngine: options.faceEngine } : {}),
    ...(options.faceIndex ? { faceIndex: options.faceIndex(database.db) } : {}),
  });
  // Every integration test is also a contract check: an answer outside its schema fails the test
  // that made it (500) and the file's close().
  const mismatches: ResponseMismatch[] = [];
  const app = await buildApp({
    onResponseMismatch: (mismatch) => mismatches.push(mismatch),
    database,
    services,
    mailer: options.mailer ?? collectingMailer(),
    storage,
    uploadStore: options.uploadStore ?? testUploadStore(uploadDir),
    ...(uploadLocker ? { uploadLocker } : {}),
    mediaSecret,
    publicUrl: 'http://localhost:8080',
    webDist: options.webDist ?? null,
    logLevel: 'silent',
  });
  const metrics = await buildMetricsApp({
    intake: metricIntake({ db: database.db }),
    publicUrl: 'http://localhost:8080',
    ratePerMinute: 100_000,
    // the suites post floods on purpose; the budget itself is tested with its own listener
    messagesPerMinute: 100_000_000,
    logLevel: 'silent',
    onResponseMismatch: (mismatch) => mismatches.push(mismatch),
  });
  return {
    app,
    metrics,
    services,
    database,
    jobs,
    clock,
    storage,
    uploadDir,
    responseMismatches: mismatches,
    async close() {
      await app.close();
      await uploadLocker?.close();
      await metrics.close();
      await jobs.stop();
      await database.destroy();
      if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
      await rm(uploadDir, { recursive: true, force: true });
      if (mismatches.length > 0) {
        throw new Error(`answers outside the contract:\n${JSON.stringify(mismatches, null, 2)}`);
      }
    },
  };
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
}

/** One JSON request through the real HTTP stack (Fastify inject: routing, parsing, hooks, error mapper). */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<{ status: number; body: Record<string, unknown>; raw: LightMyRequestResponse }> {
  const raw = await app.inject({
    method,
    url,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Token ${options.token}` } : {}),
      ...options.headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  let parsed: Record<string, unknown> = {};
  try {
    parsed = raw.json();
  } catch {
    parsed = {};
  }
  return { status: raw.statusCode, body: parsed, raw };
}

/** The seeded demo organiser's token (seedDemo must have run): uploads to organisation 34's events. */
export async function logInAsDemoOrganiser(app: FastifyInstance): Promise<string> {
  const { status, body } = await call(app, 'POST', '/api/api/v1/get-token-auth/', {
    username: 'organiser@fotodrop.test',
    password: 'Fotodrop-organiser1',
  });
  if (status !== 200) throw new Error(`demo organiser login failed: ${status}`);
  return body.token as string;
}

export const SIGNUP = {
  email: 'runner@example.com',
  password1: 'Trail-run-2026',
  password2: 'Trail-run-2026',
  first_name: 'Rita',
  last_name: 'Runner',
  is_adult: true,
  accept_terms: true,
  marketing_consent: false,
  language: 'en',
} as const;
