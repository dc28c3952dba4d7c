import type { FaceBox } from '../../db/face-schema';

/** A face the engine found in an image. Coordinates are fractions (0–1) of the image's size. */
export interface DetectedFace {
  box: FaceBox;
  /** The 68 landmarks, [x, y] fractions of the image. */
  landmarks: [number, number][];
  /** The detector's confidence, 0–1. */
  score: number;
  /** The face's width in pixels of the image as given (before any resizing by the engine). */
  sizePx: number;
  /** 128 numbers; two faces of one person are close in euclidean distance. */
  descriptor: Float32Array;
}

export interface FaceDetection {
  /** Size of the decoded image (EXIF orientation applied). */
  width: number;
  height: number;
  faces: DetectedFace[];
}

/**
 * Finds faces and their descriptors in encoded images (JPEG, PNG, WebP, AVIF). Implemented by a
 * pool of worker threads each holding one model (`face-engine-pool.ts`): detect() calls from
 * anywhere in the process share the pool.
 */
export interface FaceEngine {
  /** Engine and model identity, stored with every scan: a different one means re-indexing. */
  readonly name: string;
  /**
   * `photo`: an event photo (resized to the engine's working size first). `selfie`: one person
   * close to the camera (padded so the detector also finds a face filling the frame).
   */
  detect(image: Buffer, purpose: 'photo' | 'selfie'): Promise<FaceDetection>;
  /** Starts loading a model when none is loaded: a selfie is on its way. */
  warm?(): void;
  /** Stops the worker threads; detect() after close() fails. */
  close(): Promise<void>;
}

/** Euclidean distance between two descriptors: the measure the thresholds are calibrated in. */
export function descriptorDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
  }
  return Math.sqrt(sum);
}
