// Entry of a bib engine thread. The server runs its TypeScript through tsx, and a worker thread
// does not inherit the loader in every way the server is started (npm start, npm run worker,
// vitest), so the thread registers it itself before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./bib-engine-worker.ts');
