import { ErrorCode, type FieldErrors } from '@fotodrop/contract';

/** A rule of the domain was broken; routes turn it into `{ code, message, data? }` with `status`. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** A domain error as the JSON body every endpoint answers: `{code, message, data?}`. */
export function errorBody(error: DomainError) {
  return {
    code: error.code,
    message: error.message,
    ...(error.data !== undefined ? { data: error.data } : {}),
  };
}

export class ValidationError extends DomainError {
  constructor(fields: FieldErrors, message = 'Some fields are not valid.') {
    super(400, ErrorCode.validation, message, { fields });
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found.') {
    super(404, ErrorCode.notFound, message);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(
    code: string = ErrorCode.unauthorized,
    message = 'Authentication credentials were not provided.',
  ) {
    super(401, code, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(code: string = ErrorCode.forbidden, message = 'You do not have permission to do this.') {
    super(403, code, message);
  }
}

/** "1 second", "40 seconds", "3 minutes", "2 hours": the wait in the unit a person reads it in. */
export function waitText(seconds: number): string {
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 2 * 3600) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}

export class RateLimitedError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      ErrorCode.rateLimited,
      `Too many attempts. Please wait ${waitText(retryAfterSeconds)} and try again.`,
      { retry_after_seconds: retryAfterSeconds },
    );
  }
}

/**
 * A successful request that answers with another status and body than the endpoint's usual one:
 * the spec's HTTP 303 "a further check-in step is required", whose body is the step.
 */
export class AlternativeAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`answered with ${status}`);
  }
}
