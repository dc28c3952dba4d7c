// A face engine thread that dies on an empty image and answers "no faces" to anything else: lets
// the pool's test see a thread crash mid-request without loading the model.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ id, request }) => {
  if (request.image.length === 0) process.exit(3);
  parentPort.postMessage({ id, result: { width: 1, height: 1, faces: [] } });
});
