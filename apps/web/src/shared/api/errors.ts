import type { CheckinStepResponse } from '@fotodrop/contract/api/checkin-schemas';
import type { FieldErrors } from '@fotodrop/contract/errors';

export interface ApiErrorInit {
  url: string;
  status: number;
  code: string;
  message: string;
  data?: unknown;
  /** The whole answer body (e.g. the step answer of a 303). */
  body?: unknown;
}

/** Any failed API call. `status` is 0 when no answer came (network failure). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly url: string;
  readonly status: number;
  readonly code: string;
  /** The server's own message (English, for logs); show users a translated text instead. */
  readonly serverMessage: string;
  readonly data: unknown;
  readonly body: unknown;
  /** `data.fields` of a validation error: field name → i18n message keys. */
  readonly fieldErrors: FieldErrors;

  constructor({ url, status, code, message, data, body }: ApiErrorInit) {
    super(`${status} ${code} on ${url}: ${message}`);
    this.url = url;
    this.status = status;
    this.code = code;
    this.serverMessage = message;
    this.data = data;
    this.body = body;
    this.fieldErrors = readFieldErrors(data);
  }
}

export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
}
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}

/**
 * HTTP 303 with a step answer (checkinStepResponseSchema) in the body: a check-in needs one more
 * step before it opens (entry spec §4, §8). The server sends no Location, so fetch does not follow
 * it and the answer reaches the client like an error status.
 */
export class StepRequiredError extends ApiError {
  override name = 'StepRequiredError';
  readonly step: CheckinStepResponse;

  constructor(init: ApiErrorInit, step: CheckinStepResponse) {
    super(init);
    this.step = step;
  }
}

/** Status of a "further step required" answer (the contract's CHECKIN_STEP_STATUS, kept out of the zod module). */
const STEP_STATUS = 303;

/** The fields a step answer cannot do without; the rest is filled in so screens can rely on the type. */
function readStep(body: unknown): CheckinStepResponse | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (typeof b.id !== 'number' || typeof b.complete_token !== 'string' || typeof b.checkin_step !== 'string')
    return null;
  return {
    id: b.id,
    complete_token: b.complete_token,
    checkin_step: b.checkin_step as CheckinStepResponse['checkin_step'],
    form_url: typeof b.form_url === 'string' ? b.form_url : null,
    privacy: typeof b.privacy === 'string' ? b.privacy : null,
    options: Array.isArray(b.options) ? (b.options as CheckinStepResponse['options']) : [],
    fields: Array.isArray(b.fields) ? (b.fields as CheckinStepResponse['fields']) : [],
  };
}

export function isStepRequired(error: unknown): error is StepRequiredError {
  return error instanceof StepRequiredError;
}

export function toApiError(init: ApiErrorInit): ApiError {
  switch (init.status) {
    case STEP_STATUS: {
      const step = readStep(init.body);
      return step ? new StepRequiredError(init, step) : new ApiError(init);
    }
    case 400:
      return new BadRequestError(init);
    case 403:
      return new ForbiddenError(init);
    case 404:
      return new NotFoundError(init);
    default:
      return new ApiError(init);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function readFieldErrors(data: unknown): FieldErrors {
  if (!data || typeof data !== 'object' || !('fields' in data)) return {};
  const fields = (data as { fields: unknown }).fields;
  if (!fields || typeof fields !== 'object') return {};
  const out: FieldErrors = {};
  for (const [name, messages] of Object.entries(fields)) {
    if (Array.isArray(messages)) out[name] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') out[name] = [messages];
  }
  return out;
}

/** A number in `data` of an error, such as data.retry_after_seconds of too_many_attempts. */
export function errorDataNumber(error: ApiError, key: string): number | undefined {
  const value =
    error.data && typeof error.data === 'object' ? (error.data as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' ? value : undefined;
}
