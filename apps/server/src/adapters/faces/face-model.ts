import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { DetectedFace, FaceDetection } from './face-engine';

const require = createRequire(import.meta.url);

// The node-wasm build of face-api runs on TensorFlow.js' WASM backend: no native TensorFlow
// (which downloads a library at install and does not install here), and the weights ship inside
// the npm package, so nothing is fetched at run time.
type FaceApi = typeof import('@vladmandic/face-api');
type Tf = typeof import('@tensorflow/tfjs');

/** Detector confidence kept: low enough for small and turned faces, calibrated (docs/performance.md). */
export const MIN_CONFIDENCE = 0.3;
/**
 * Long side event photos are scaled down to before detection. Measured (docs/decisions.md, "Face
 * engine"): 1280 finds the same labelled faces as 1600 and 1920, down to ~30 px in a 1920 px photo,
 * and is the fastest of the three.
 */
export const PHOTO_WORKING_SIZE = 1280;
const SELFIE_WORKING_SIZE = 1024;
const FACE_API_VERSION = '1.7.15';

export const FACE_MODEL_NAME = `face-api-${FACE_API_VERSION}/ssd-mobilenetv1-${MIN_CONFIDENCE}/lm68/rec128/${PHOTO_WORKING_SIZE}`;

export interface FaceModel {
  detect(image: Buffer, purpose: 'photo' | 'selfie'): Promise<FaceDetection>;
}

/**
 * Loads the models into this thread: about 2 s and 600 MB; one per worker thread. The working
 * size is a parameter only for the bench that chose it.
 */
export async function loadFaceModel(photoWorkingSize: number = PHOTO_WORKING_SIZE): Promise<FaceModel> {
  const tf = require('@tensorflow/tfjs') as Tf;
  const wasm = require('@tensorflow/tfjs-backend-wasm') as {
    setWasmPaths(path: string, simd?: boolean): void;
  };
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  // From disk: with `true` the backend would fetch() the path, which Node refuses for files.
  wasm.setWasmPaths(
    `${join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist')}/`,
    false,
  );
  await tf.setBackend('wasm');
  await tf.ready();
  const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE, maxResults: 100 });

  return {
    async detect(image, purpose) {
      // One decode: the header gives the size, EXIF orientation is applied in the same pipeline
      // as the resize (boxes then match the derivatives, which are rotated too).
      const meta = await sharp(image, { failOn: 'error' }).metadata();
      if (!meta.width || !meta.height) throw new Error('not an image with a size');
      const turned = (meta.orientation ?? 1) >= 5;
      const width = turned ? meta.height : meta.width;
      const height = turned ? meta.width : meta.height;
      const working = purpose === 'photo' ? photoWorkingSize : SELFIE_WORKING_SIZE;
      const scale = Math.min(1, working / Math.max(width, height));
      const w = Math.max(1, Math.round(width * scale));
      const h = Math.max(1, Math.round(height * scale));
      // One pass over the image with a margin of `margin` × its long side on each side.
      const find = async (margin: number): Promise<DetectedFace[]> => {
        const pad = Math.round(Math.max(w, h) * margin);
        const { data, info } = await sharp(image, { failOn: 'error' })
          .rotate()
          .resize(w, h, { fit: 'fill' })
          .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0 } })
          // grey, CMYK and 16-bit images become 8-bit RGB, the three channels the model reads
          .toColourspace('srgb')
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        if (info.channels !== 3) throw new Error(`unexpected ${info.channels} colour channels`);
        const tensor = tf.tensor3d(new Int32Array(data), [info.height, info.width, 3], 'int32');
        try {
          const found = await faceapi
            .detectAllFaces(tensor as never, options)
            .withFaceLandmarks()
            .withFaceDescriptors();
          return found.map((f) => {
            const box = f.detection.box;
            const fx = (x: number) => Math.min(1, Math.max(0, (x - pad) / w));
            const fy = (y: number) => Math.min(1, Math.max(0, (y - pad) / h));
            const x0 = fx(box.x);
            const y0 = fy(box.y);
            return {
              box: { x: x0, y: y0, width: fx(box.x + box.width) - x0, height: fy(box.y + box.height) - y0 },
              landmarks: f.landmarks.positions.map((p) => [fx(p.x), fy(p.y)] as [number, number]),
              score: f.detection.score,
              sizePx: Math.round(box.width / scale),
              descriptor: Float32Array.from(f.descriptor),
            };
          });
        } finally {
          tensor.dispose();
        }
      };
      if (purpose === 'photo') return { width, height, faces: await find(0) };
      // A selfie's face may fill the frame, where the detector misses it: a margin of half the
      // image on each side lets it see the whole head; a face still missed (4 of the 40 labelled
      // crops) is found with a margin of the whole image.
      const faces = await find(0.5);
      return { width, height, faces: faces.length > 0 ? faces : await find(1) };
    },
  };
}
