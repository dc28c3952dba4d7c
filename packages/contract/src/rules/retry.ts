import { RETRY_BASE_DELAY_MS, RETRY_COUNT } from '../constants';

/** Methods safe to repeat after a server error (the axios-retry default the original app used). */
export const IDEMPOTENT_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'] as const;

/** Wait before retry number `attempt + 1`: 1000, 2000, 4000, 8000 ms for attempts 0..3. */
export function retryDelayMs(attempt: number): number {
  return RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attempt);
}

export interface RetryInput {
  /** Retries already made for this request (0 after the first failure). */
  attempt: number;
  method: string;
  /** HTTP status of the failed answer, absent when no answer came. */
  status?: number;
  /** True when the request failed without an answer (not when the caller aborted it). */
  networkError?: boolean;
  /** A request safe to repeat whatever its method (a metrics batch: its messages carry their ids). */
  idempotent?: boolean;
}

/**
 * Whether to retry a failed request: at most RETRY_COUNT retries; network errors for any method;
 * 5xx and 429 answers only for idempotent methods; nothing else.
 */
export function shouldRetry({ attempt, method, status, networkError, idempotent }: RetryInput): boolean {
  if (attempt >= RETRY_COUNT) return false;
  if (networkError) return true;
  if (status === undefined) return false;
  const repeatable =
    idempotent === true || (IDEMPOTENT_METHODS as readonly string[]).includes(method.toUpperCase());
  return repeatable && (status === 429 || (status >= 500 && status <= 599));
}
