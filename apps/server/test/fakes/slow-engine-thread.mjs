// An engine thread for the idle pool's tests: "loads its engine" for 200 ms, then answers each
// request `{ value, ms }` with `value * 2` after `ms` milliseconds, and `{ crash: true }` by dying.
import { parentPort, threadId } from 'node:worker_threads';

const loaded = new Promise((resolve) => setTimeout(resolve, 200));

parentPort.on('message', async ({ id, request }) => {
  await loaded;
  if (request.crash) process.exit(3);
  await new Promise((resolve) => setTimeout(resolve, request.ms ?? 0));
  parentPort.postMessage({ id, result: { doubled: request.value * 2, thread: threadId } });
});
