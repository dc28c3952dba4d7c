import { parentPort } from 'node:worker_threads';
import type { ThreadReply, ThreadRequest } from '../engines/idle-thread-pool';
import type { FaceDetection } from './face-engine';
import { loadFaceModel } from './face-model';

/** One face model in its own thread: the pool (`face-engine-pool.ts`) sends it one image at a time. */
export interface DetectRequest {
  image: Uint8Array;
  purpose: 'photo' | 'selfie';
}

const port = parentPort;
if (!port) throw new Error('face-engine-worker runs only as a worker thread');
const model = loadFaceModel();
// A model that cannot load answers every request with the reason instead of leaving it hanging.
model.catch(() => undefined);

port.on('message', async ({ id, request }: ThreadRequest<DetectRequest>) => {
  let reply: ThreadReply<FaceDetection>;
  try {
    const image = Buffer.from(request.image.buffer, request.image.byteOffset, request.image.byteLength);
    reply = { id, result: await (await model).detect(image, request.purpose) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
