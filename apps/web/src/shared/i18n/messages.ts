import type { TFunction } from 'i18next';
import { isApiError } from '../api/errors';
import { i18n } from './i18n';

type Vars = Record<string, unknown>;

/**
 * Text for a validation message: the server and the contract schemas send i18n keys such as
 * "field.required" or "password.rule.length" (under `validation.` in the catalogue); full keys
 * such as "errors.codes.email_taken" pass through; anything else becomes a generic text.
 */
export function translateMessage(t: TFunction, message: string, vars: Vars = {}): string {
  for (const key of [`validation.${message}`, message]) {
    if (i18n.exists(key)) return t(key, vars);
  }
  return t('validation.invalid');
}

/** i18n key and values for a failed call that is not tied to one field. */
export function errorMessage(error: unknown): { key: string; vars: Vars } {
  if (isApiError(error)) {
    if (error.status === 0) return { key: 'errors.network', vars: {} };
    const key = `errors.codes.${error.code}`;
    if (i18n.exists(key)) {
      const data = (error.data ?? {}) as Vars;
      return { key, vars: { seconds: data.retry_after_seconds ?? 60 } };
    }
    if (error.status >= 500) return { key: 'errors.server', vars: {} };
  }
  return { key: 'errors.generic', vars: {} };
}

export function translateError(t: TFunction, error: unknown): string {
  const { key, vars } = errorMessage(error);
  return t(key, vars);
}
