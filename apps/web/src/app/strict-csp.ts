/**
 * Imported first by main.tsx, before any chunk builds a schema. Zod compiles object parsers with
 * `new Function` unless told not to, and probes whether it may even when the page's
 * Content-Security-Policy forbids it (no 'unsafe-eval'): Chromium reports that probe as a
 * violation. Jitless, zod validates the same, by interpretation.
 *
 * `z.config({ jitless: true })` would pull zod into the home page's chunk; zod keeps that
 * configuration on `globalThis.__zod_globalConfig` (shared by every copy of zod), so setting it
 * there costs nothing. strict-csp.test.ts checks that zod reads it.
 */
const zodHolder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHolder.__zod_globalConfig = { ...zodHolder.__zod_globalConfig, jitless: true };

// a module of its own: main.tsx imports it for this effect alone
export {};
