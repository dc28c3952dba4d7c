import { ErrorCode } from '@fotodrop/contract/errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@fotodrop/contract/password-policy';
import type { TFunction } from 'i18next';
import { errorDataNumber, isApiError } from '../api/errors';
import { i18n } from './i18n';

type Vars = Record<string, unknown>;

/**
 * Values a message key needs that the schema sending it cannot carry (a zod issue holds only the
 * key): without them a field error reads "at least {{min}} characters".
 */
const MESSAGE_VARS: Record<string, Vars> = {
  'password.rule.length': { min: PASSWORD_MIN_LENGTH },
  'password.rule.max': { max: PASSWORD_MAX_LENGTH },
};

/**
 * Text for a validation message: the server and the contract schemas send i18n keys such as
 * "field.required" or "password.rule.length" (under `validation.` in the catalogue); full keys
 * such as "errors.codes.email_taken" pass through; anything else becomes a generic text.
 */
export function translateMessage(t: TFunction, message: string, vars: Vars = {}): string {
  // react-hook-form keeps error values as strings, and i18next picks a plural form only for a
  // numeric count
  const count = typeof vars.count === 'string' && vars.count !== '' ? Number(vars.count) : vars.count;
  const given = { ...MESSAGE_VARS[message], ...vars };
  const options = Number.isFinite(count) ? { ...given, count } : given;
  for (const key of [`validation.${message}`, message]) {
    if (i18n.exists(key, options)) return t(key, options);
  }
  return t('validation.invalid');
}

/** Up to this wait the message counts seconds; from it on, whole minutes (rounded up). */
export const RETRY_IN_MINUTES_FROM_SECONDS = 90;

/** "Wait 30 seconds" / "wait 15 minutes": the too_many_attempts text for the server's retry time. */
function tooManyAttempts(retryAfterSeconds: unknown): { key: string; vars: Vars } {
  const key = 'errors.codes.too_many_attempts';
  if (typeof retryAfterSeconds !== 'number' || !(retryAfterSeconds > 0)) return { key, vars: {} };
  if (retryAfterSeconds < RETRY_IN_MINUTES_FROM_SECONDS) {
    return { key, vars: { count: Math.ceil(retryAfterSeconds) } };
  }
  return { key: `${key}_minutes`, vars: { count: Math.ceil(retryAfterSeconds / 60) } };
}

/** i18n key and values for a failed call that is not tied to one field. */
export function errorMessage(error: unknown): { key: string; vars: Vars } {
  if (isApiError(error)) {
    if (error.status === 0) return { key: 'errors.network', vars: {} };
    if (error.code === ErrorCode.rateLimited) {
      return tooManyAttempts(errorDataNumber(error, 'retry_after_seconds'));
    }
    const key = `errors.codes.${error.code}`;
    if (i18n.exists(key)) return { key, vars: {} };
    if (error.status >= 500) return { key: 'errors.server', vars: {} };
  }
  return { key: 'errors.generic', vars: {} };
}

export function translateError(t: TFunction, error: unknown): string {
  const { key, vars } = errorMessage(error);
  return t(key, vars);
}
