import { DEFAULT_EVENT_OWNER_ID } from '@fotodrop/contract/constants';
import {
  type BodyOf,
  type Endpoint,
  fillPath,
  type HttpMethod,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@fotodrop/contract/endpoint';
import type { ErrorCode } from '@fotodrop/contract/errors';
import { retryDelayMs, shouldRetry } from '@fotodrop/contract/rules/retry';
import { currentLanguage } from '../i18n/i18n';
import { useAppStore } from '../store/app-store';
import { apiSettings, apiUrl, type QueryValue } from './base';
import { ApiError, toApiError } from './errors';
import { checkHealth } from './health';
import { sessionEvents } from './session-events';

// type-only import of the codes: the errors module builds zod schemas, kept out of this chunk
const POLICIES_NOT_ACCEPTED: ErrorCode = 'policies_not_accepted';

export interface ApiRequest {
  method: HttpMethod;
  /** Path under the API base (a contract endpoint's, placeholders filled), e.g. /v2/users/me/. */
  path: string;
  query?: Record<string, QueryValue>;
  /** JSON-encoded unless it is FormData or `contentType` is given. */
  body?: unknown;
  /** A text body sent as it is with this type (a CSV file), not JSON-encoded. */
  contentType?: string;
  /** 'blob': the answer is a file (a CSV export, a PDF) and comes back as a Blob. */
  responseType?: 'blob';
  signal?: AbortSignal;
}

/** Points the client at another API base ('/api' by default); tests use a local server. */
export function configureApiClient({ baseUrl }: { baseUrl: string }): void {
  apiSettings.baseUrl = baseUrl;
}

/** The four headers every request carries (entry spec §7). */
export function requestHeaders(): Record<string, string> {
  const { token, tokenType, eventOwnerId, appConfig } = useAppStore.getState();
  const headers: Record<string, string> = {
    // a logout clears the stored id; the loaded organisation config still names the owner
    'X-Event-Owner': String(eventOwnerId ?? appConfig?.id ?? DEFAULT_EVENT_OWNER_ID),
    'Accept-Language': currentLanguage(),
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  };
  if (token) headers.Authorization = `${tokenType} ${token}`;
  return headers;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function endSession(): void {
  const store = useAppStore.getState();
  // an impersonated session that ends returns to the original one (store.logout): nobody to log in
  const hadToken = store.token !== null && store.impersonator === null;
  store.logout();
  if (hadToken) store.setModal('sessionExpired', true);
  sessionEvents.onSessionEnd();
}

/**
 * A 429 whose Retry-After is longer than the next retry's delay would only be refused again: the
 * caller gets the answer at once, with the wait it announces (an album-code limit is an hour).
 */
function waitsLonger(response: Response, attempt: number): boolean {
  const seconds = Number(response.headers.get('retry-after'));
  return response.status === 429 && Number.isFinite(seconds) && seconds * 1000 > retryDelayMs(attempt);
}

/**
 * The one fetch wrapper: headers, JSON, retries (network failures for any method; 5xx and 429 for
 * idempotent methods; 1, 2, 4, 8 s apart), 401 → logout, and typed errors.
 */
export async function apiRequest<T>({
  method,
  path,
  query,
  body,
  contentType,
  responseType,
  signal,
}: ApiRequest): Promise<T> {
  const url = apiUrl(path, query);
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const raw = contentType !== undefined && typeof body === 'string';
  for (let attempt = 0; ; attempt++) {
    const headers = requestHeaders();
    if (body !== undefined && !isForm) headers['Content-Type'] = raw ? contentType : 'application/json';
    // a file answer: errors still come as JSON
    if (responseType === 'blob') headers.Accept = '*/*';
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body:
          body === undefined ? undefined : isForm ? (body as FormData) : raw ? body : JSON.stringify(body),
        ...(signal ? { signal } : {}),
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      if (shouldRetry({ attempt, method, networkError: true })) {
        await sleep(retryDelayMs(attempt), signal);
        continue;
      }
      throw new ApiError({ url, status: 0, code: 'network_error', message: String(cause) });
    }
    if (response.ok) return (responseType === 'blob' ? await response.blob() : await readBody(response)) as T;
    if (shouldRetry({ attempt, method, status: response.status }) && !waitsLonger(response, attempt)) {
      await response.body?.cancel();
      await sleep(retryDelayMs(attempt), signal);
      continue;
    }
    const data = await readBody(response);
    const err = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    if (response.status === 401) endSession();
    if (response.status === 403 && err.code === POLICIES_NOT_ACCEPTED) {
      const { user, setUser } = useAppStore.getState();
      if (user) setUser({ ...user, accepted_required_policies: false });
      sessionEvents.onPoliciesRequired();
    }
    if (response.status === 503) void checkHealth();
    throw toApiError({
      url,
      status: response.status,
      code: typeof err.code === 'string' ? err.code : `http_${response.status}`,
      message: typeof err.message === 'string' ? err.message : response.statusText,
      data: err.data,
      body: data,
    });
  }
}

type Args<E> = {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E> | FormData;
  signal?: AbortSignal;
};

/** Calls a contract endpoint: path placeholders filled from `params`, answer typed by its schema. */
export function callEndpoint<E extends Endpoint>(endpoint: E, args: Args<E> = {}): Promise<ResponseOf<E>> {
  return apiRequest<ResponseOf<E>>({
    method: endpoint.method,
    path: fillPath(endpoint.path, (args.params ?? {}) as Record<string, string | number>),
    query: args.query as Record<string, QueryValue> | undefined,
    body: args.body,
    // a text body the contract declares (a CSV import) goes as it is
    contentType: endpoint.bodyType,
    signal: args.signal,
  });
}

/**
 * Downloads a contract endpoint's file answer (a CSV export, a PDF) with the usual headers — the
 * Authorization header included, which a plain link could not send.
 */
export function downloadEndpoint<E extends Endpoint>(
  endpoint: E,
  args: Omit<Args<E>, 'body'> = {},
): Promise<Blob> {
  return apiRequest<Blob>({
    method: endpoint.method,
    path: fillPath(endpoint.path, (args.params ?? {}) as Record<string, string | number>),
    query: args.query as Record<string, QueryValue> | undefined,
    responseType: 'blob',
    signal: args.signal,
  });
}
