/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Sentry DSN; error reporting stays off when unset. */
  readonly VITE_SENTRY_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
