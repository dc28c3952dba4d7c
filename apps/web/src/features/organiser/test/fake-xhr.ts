import type { XhrLike } from '../lib/upload-request';

/**
 * An XMLHttpRequest whose network the test drives: it records what was sent and lets the test
 * fire upload progress, an answer, a network error. jsdom's own XHR reports upload progress only
 * once, at the end, so partial progress is tested with this one.
 */
export class FakeXhr implements XhrLike {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  status = 0;
  responseText = '';
  upload = { onprogress: null } as unknown as XMLHttpRequestUpload;
  onload: ((event: ProgressEvent) => void) | null = null;
  onerror: ((event: ProgressEvent) => void) | null = null;
  onabort: ((event: ProgressEvent) => void) | null = null;

  open(method: string, url: string | URL): void {
    this.method = method;
    this.url = String(url);
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body?: Document | XMLHttpRequestBodyInit | null): void {
    this.body = body instanceof FormData ? body : null;
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }

  progress(loaded: number, total: number): void {
    // lib.dom types this handler's `this` as the request itself
    this.upload.onprogress?.call(
      this as unknown as XMLHttpRequest,
      new ProgressEvent('progress', { loaded, total, lengthComputable: true }),
    );
  }
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.(new ProgressEvent('load'));
  }
  fail(): void {
    this.onerror?.(new ProgressEvent('error'));
  }
}

/** A factory that hands out fake requests and keeps them for the test. */
export function fakeXhrFactory() {
  const made: FakeXhr[] = [];
  return {
    made,
    create: (): XhrLike => {
      const xhr = new FakeXhr();
      made.push(xhr);
      return xhr;
    },
  };
}
