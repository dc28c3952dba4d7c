import { parentPort } from 'node:worker_threads';
import type { OcrBox } from '@fotodrop/contract';
import type { ThreadReply, ThreadRequest } from '../engines/idle-thread-pool';
import { loadBibEngine } from './bib-engine';

/** One OCR engine in its own thread: the pool (`bib-engine-pool.ts`) sends it one image at a time. */
export interface ReadRequest {
  image: Uint8Array;
}

const port = parentPort;
if (!port) throw new Error('bib-engine-worker runs only as a worker thread');
const engine = loadBibEngine();
// An engine that cannot load answers every request with the reason instead of leaving it hanging.
engine.catch(() => undefined);

port.on('message', async ({ id, request }: ThreadRequest<ReadRequest>) => {
  let reply: ThreadReply<OcrBox[]>;
  try {
    const image = Buffer.from(request.image.buffer, request.image.byteOffset, request.image.byteLength);
    reply = { id, result: await (await engine).read(image) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
