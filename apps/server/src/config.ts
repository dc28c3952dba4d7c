import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { PAYMENT_METHODS as PAYMENT_METHOD_IDS, type PaymentMethodId } from '@fotodrop/contract/enums';
import { POLICIES_VERSION } from '@fotodrop/contract/policies';
import { z } from 'zod';
import { DEFAULT_ENGINE_IDLE_SECONDS } from './adapters/engines/idle-thread-pool';
import type { S3StorageOptions } from './adapters/storage/s3-storage';
import { assertStoragePrefix } from './adapters/storage/storage';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from './db/client';
import { originOf } from './http/web-origins';

const boolString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const oidcProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  issuer: z.string().url(),
  client_id: z.string(),
  authorization_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
});
export type OidcProviderConfig = z.infer<typeof oidcProviderSchema>;

const ssoIntegrationSchema = z
  .object({
    key: z.string().regex(/^[a-z0-9-]+$/),
    /** The organisation (by app name) whose users sign in through it; none for a partner. */
    organisation: z.string().optional(),
    issuer: z.string().min(1),
    audience: z.string().optional(),
    secret: z.string().min(32).optional(),
    jwks_uri: z.string().url().optional(),
  })
  .refine((v) => Boolean(v.secret) !== Boolean(v.jwks_uri), {
    message: 'give exactly one of secret or jwks_uri',
  });
export type SsoIntegrationConfig = z.infer<typeof ssoIntegrationSchema>;

const jsonList = <T extends z.ZodType>(item: T, what: string) =>
  z
    .string()
    .default('[]')
    .transform((text, ctx): z.output<T>[] => {
      try {
        return z.array(item).parse(JSON.parse(text));
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `not a JSON list of ${what}: ${String(error)}` });
        return z.NEVER;
      }
    });

/** Fastify's trustProxy: off, a hop count, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off by default (X-Forwarded-For is ignored, request.ip is the connecting address);
 * a hop count, or a comma-separated list of proxy addresses/CIDRs. `true` (trust any sender) is
 * refused: every client could then pick its own address and with it a fresh rate-limit budget.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const text = raw?.trim() ?? '';
    if (text === '' || text === 'false' || text === 'off' || text === '0') return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= 32) return hops;
    } else {
      const entries = text.split(',').map((e) => e.trim());
      if (entries.every(isAddressOrRange)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message: 'a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** The largest video accepted, in MB (the multipart and the resumable upload alike); 200 by default. */
  MAX_VIDEO_MB: z.coerce.number().int().min(1).max(20_480).default(200),
  DATABASE_URL: z.string().url().optional(),
  /** PGlite's page cache in MB (Postgres' shared_buffers), held in its WebAssembly memory for good. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(16_384)
    .default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Fotodrop <no-reply@fotodrop.localhost>'),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Other origins the web app is reached by besides PUBLIC_URL (comma-separated, e.g.
   * `http://192.168.1.20:8080,https://photos.example.org`): the metrics listener accepts their pages
   * too. A loopback PUBLIC_URL needs none for 127.0.0.1 and [::1] on its port.
   */
  PUBLIC_ORIGINS: z
    .string()
    .optional()
    .transform((raw, ctx): string[] => {
      const entries = (raw ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter((e) => e !== '');
      const bad = entries.filter((e) => originOf(e) !== e.replace(/\/+$/, ''));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${bad.join(', ')}` });
        return z.NEVER;
      }
      return entries.map((e) => originOf(e) as string);
    }),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: boolString.default(true),
  /** How many demo photos the demo marathon gets (the stay and the trail run a tenth each); 0 for none. */
  DEMO_PHOTOS: z.coerce.number().int().min(0).max(5000).default(240),
  /** A month of demo orders and usage for the demo organisation's console (once, after its first photos). */
  DEMO_SALES: boolString.default(true),
  /** 'inline' runs job workers inside the API process; 'off' leaves them to `npm run worker`. */
  WORKERS: z.enum(['inline', 'off']).default('inline'),
  /** Signs media links; without it a secret is generated once and kept in the database. */
  MEDIA_URL_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Days a selfie's face descriptor is kept before it is deleted anyway (docs/decisions.md). */
  SELFIE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** Minutes a started payment (a 3-D Secure step, a bank page) may stay unfinished before its order is cancelled. */
  PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Seconds without work after which a face engine thread ends and an event's faces leave memory. */
  /** Runners' "your photos are ready" e-mails sent per minute, across every process (issue 20). */
  READY_EMAILS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  ENGINE_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_ENGINE_IDLE_SECONDS),
  // the edition of the policy texts the web app shows; raise both together
  REQUIRED_POLICIES_VERSION: z.coerce.number().int().min(1).default(POLICIES_VERSION),
  /** Which reverse proxies to believe for the client address (rate limits key on it); off by default. */
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The metrics listener's port (POST /metric); its own Fastify instance, started with the API unless off. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /** 'inline' starts the listener in this process; 'off' leaves it to `npm run metrics` (its own host). */
  METRICS_LISTENER: z.enum(['inline', 'off']).default('inline'),
  /** Where browsers send metrics; default: PUBLIC_URL's host on METRICS_PORT. */
  METRICS_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' }).optional(),
  /** Metric posts one address may make per minute (a browser sends about three; a venue's Wi-Fi shares one address). */
  METRICS_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(3000),
  /** Metric messages all senders together may send per minute (the listener's total intake); beyond it 429. */
  METRICS_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(120_000),
  /** JSON list of OpenID Connect providers for social login; none configured means no social buttons. */
  OIDC_PROVIDERS: jsonList(oidcProviderSchema, 'providers'),
  /** SSO and partner integrations, upserted at start (JSON list: key, organisation, issuer, audience, secret or jwks_uri). */
  SSO_INTEGRATIONS: jsonList(ssoIntegrationSchema, 'integrations'),
  /** Where media files live: a folder under DATA_DIR, or an S3-compatible bucket (the S3_* variables). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** For providers other than AWS (MinIO, R2, …). */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' }).optional(),
  S3_FORCE_PATH_STYLE: boolString.default(false),
  /** A folder inside the bucket, e.g. `fotodrop/`, so one bucket can hold several installations. */
  S3_PREFIX: z
    .string()
    .refine(isSafePrefix, 'a relative folder such as fotodrop/ (no leading /, no .., no \\)')
    .optional(),
  /** Both or neither; without them the AWS SDK's default chain (environment, files, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Stripe (cards, saved cards, iDEAL, Przelewy24): all three or none; none means the test provider. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Mercado Pago Checkout Pro: the access token turns it on; its webhook secret is then required. */
  MERCADO_PAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADO_PAGO_PUBLIC_KEY: z.string().min(1).optional(),
  MERCADO_PAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * The payment methods this installation offers at all (issue 19), comma-separated, e.g.
   * `stripe,bank-transfer`; every method by default. Events choose among these.
   */
  PAYMENT_METHODS: z
    .string()
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);
      const unknown = list.filter((m) => !(PAYMENT_METHOD_IDS as readonly string[]).includes(m));
      if (unknown.length > 0 || list.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `a comma-separated list of ${PAYMENT_METHOD_IDS.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`,
        });
        return z.NEVER;
      }
      return [...new Set(list)] as PaymentMethodId[];
    })
    .optional(),
});

export type AppEnv = z.infer<typeof envSchema>;

export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageOptions);

export interface ServerConfig extends AppEnv {
  /** The metrics listener's origin as browsers reach it (METRICS_PUBLIC_URL or its default). */
  metricsUrl: string;
  dataDir: string;
  outboxDir: string;
  storage: StorageConfig;
}

/** Parses the environment once; a bad value stops the server with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues),
    ...storageIssues(env),
    ...paymentIssues(env),
  ];
  if (!parsed.success || issues.length > 0) {
    const lines = issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const dataDir = resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    metricsUrl: metricsUrlOf(parsed.data),
    dataDir,
    outboxDir: resolve(dataDir, 'outbox'),
    storage: storageConfig(parsed.data, dataDir),
  };
}

/**
 * The rules between the S3 variables, which no single field's schema can check; read from the raw
 * environment so they are reported together with any malformed value.
 */
function storageIssues(env: NodeJS.ProcessEnv): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (env.STORAGE === 's3' && !env.S3_BUCKET) {
    issues.push({ path: ['S3_BUCKET'], message: 'required when STORAGE is s3' });
  }
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) {
    issues.push({ path: ['S3_SECRET_ACCESS_KEY'], message: 'required when S3_ACCESS_KEY_ID is set' });
  }
  if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) {
    issues.push({ path: ['S3_ACCESS_KEY_ID'], message: 'required when S3_SECRET_ACCESS_KEY is set' });
  }
  return issues;
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/**
 * A partial set of provider keys would half-configure a provider (payments it could start but
 * never hear about, or the reverse): refused at start rather than discovered at a customer's checkout.
 */
function paymentIssues(env: NodeJS.ProcessEnv): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const stripeSet = STRIPE_KEYS.filter((k) => env[k]);
  if (stripeSet.length > 0 && stripeSet.length < STRIPE_KEYS.length) {
    for (const key of STRIPE_KEYS.filter((k) => !env[k])) {
      issues.push({
        path: [key],
        message: `required when ${stripeSet.join(' and ')} ${stripeSet.length === 1 ? 'is' : 'are'} set (Stripe needs all three keys, or none for the test provider)`,
      });
    }
  }
  if (env.MERCADO_PAGO_ACCESS_TOKEN && !env.MERCADO_PAGO_WEBHOOK_SECRET) {
    issues.push({
      path: ['MERCADO_PAGO_WEBHOOK_SECRET'],
      message: 'required when MERCADO_PAGO_ACCESS_TOKEN is set (it verifies Mercado Pago notifications)',
    });
  }
  if (!env.MERCADO_PAGO_ACCESS_TOKEN && (env.MERCADO_PAGO_WEBHOOK_SECRET || env.MERCADO_PAGO_PUBLIC_KEY)) {
    issues.push({
      path: ['MERCADO_PAGO_ACCESS_TOKEN'],
      message: 'required when another MERCADO_PAGO_ variable is set',
    });
  }
  return issues;
}

function storageConfig(env: AppEnv, dataDir: string): StorageConfig {
  if (env.STORAGE === 'local' || !env.S3_BUCKET) return { kind: 'local', dir: resolve(dataDir, 'media') };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_PREFIX ? { prefix: env.S3_PREFIX } : {}),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
  };
}

function isSafePrefix(prefix: string): boolean {
  try {
    assertStoragePrefix(prefix);
    return true;
  } catch {
    return false;
  }
}

/** METRICS_PUBLIC_URL, else the public URL's scheme and host with the metrics port (no path). */
export function metricsUrlOf(
  env: Pick<AppEnv, 'METRICS_PUBLIC_URL' | 'PUBLIC_URL' | 'PORT' | 'METRICS_PORT'>,
): string {
  if (env.METRICS_PUBLIC_URL) return env.METRICS_PUBLIC_URL.replace(/\/+$/, '');
  const url = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  url.port = String(env.METRICS_PORT);
  return url.origin;
}

export class ConfigError extends Error {}
