import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export type CameraState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'live' }
  /** The user (or a policy) refused the camera: NotAllowedError / SecurityError. */
  | { kind: 'denied' }
  /** No camera, or none that faces the user, or no camera API (an http page, an old browser). */
  | { kind: 'unavailable' };

/** The front camera, as the selfie needs it (the user's face, not the scene). */
export const SELFIE_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } },
  audio: false,
};

export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The front camera in a <video>: started on demand, stopped when the step goes away (the
 * camera light must not stay on), and a still frame taken as a JPEG file.
 */
export function useCamera(video: RefObject<HTMLVideoElement | null>) {
  const [state, setState] = useState<CameraState>({ kind: 'idle' });
  const stream = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, []);

  const start = useCallback(async () => {
    if (!cameraSupported()) {
      setState({ kind: 'unavailable' });
      return;
    }
    setState({ kind: 'starting' });
    try {
      const media = await navigator.mediaDevices.getUserMedia(SELFIE_CONSTRAINTS);
      stop();
      stream.current = media;
      const node = video.current;
      if (node) {
        node.srcObject = media;
        // autoplay is not enough on iOS when the stream arrives after the element
        try {
          await node.play();
        } catch {
          // the muted, inline preview plays by itself where play() is refused
        }
      }
      setState({ kind: 'live' });
    } catch (error) {
      const name = error instanceof DOMException || error instanceof Error ? error.name : '';
      setState({ kind: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable' });
    }
  }, [stop, video]);

  useEffect(() => stop, [stop]);

  /** The current frame, not mirrored (the preview is mirrored only on screen). */
  const capture = useCallback(async (): Promise<File | null> => {
    const node = video.current;
    if (!node) return null;
    const canvas = document.createElement('canvas');
    canvas.width = node.videoWidth || 640;
    canvas.height = node.videoHeight || 480;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(node, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    if (!blob) return null;
    stop();
    return new File([blob], 'selfie.jpg', { type: 'image/jpeg' });
  }, [stop, video]);

  return { state, start, stop, capture };
}
