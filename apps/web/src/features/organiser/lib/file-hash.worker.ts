import { type HashOutcome, sha256Each } from './file-hash-core';

// The worker's global scope; the app's TypeScript lib is the DOM's, so only what is used is typed.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ id: number; files: Blob[] }>) => void) | null;
  postMessage(message: { id: number; outcomes: HashOutcome[] }): void;
};

/** Hashes each batch of files it is sent, answering `{id, outcomes}` with one outcome per file, in order. */
scope.onmessage = (event) => {
  const { id, files } = event.data;
  void sha256Each(files).then((outcomes) => scope.postMessage({ id, outcomes }));
};
