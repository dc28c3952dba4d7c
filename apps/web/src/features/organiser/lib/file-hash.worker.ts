import { sha256Of } from './file-hash-core';

// The worker's global scope; the app's TypeScript lib is the DOM's, so only what is used is typed.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ id: number; file: Blob }>) => void) | null;
  postMessage(message: { id: number; sha256?: string; error?: string }): void;
};

/** Hashes the files it is sent, answering `{id, sha256}` (or `{id, error}`) for each. */
scope.onmessage = (event) => {
  const { id, file } = event.data;
  sha256Of(file).then(
    (sha256) => scope.postMessage({ id, sha256 }),
    (error: unknown) => scope.postMessage({ id, error: String(error) }),
  );
};
