import type { SelfieRejectReason } from '@fotodrop/contract';
import type { FaceDetection } from '../../adapters/faces/face-engine';

/**
 * decision: what a usable selfie is (albums spec §5: one centred face): faces under a third of the
 * main face's width are background people and ignored; the face must be at least 12 % of the
 * image's short side and 64 px wide (farther away it matches unreliably); its centre within the
 * middle 60 % of the frame in both directions.
 */
export const SELFIE_RULES = {
  backgroundRatio: 1 / 3,
  minShortSideShare: 0.12,
  minPx: 64,
  centreMargin: 0.2,
} as const;

export const SELFIE_MESSAGES: Record<SelfieRejectReason, string> = {
  no_face: 'No face found. Place your face in the centre of the frame.',
  multiple_faces:
    'More than one face was found. Take the selfie alone; add another person as a separate selfie.',
  face_too_small: 'Your face is too far away. Come closer to the camera.',
  face_not_centred: 'Place your face in the centre of the frame.',
};

/** The one face a selfie is made of, or why the selfie cannot be used. */
export function selfieFace(
  detection: FaceDetection,
): { face: FaceDetection['faces'][number] } | { reason: SelfieRejectReason } {
  if (detection.faces.length === 0) return { reason: 'no_face' };
  const widest = Math.max(...detection.faces.map((f) => f.sizePx));
  const main = detection.faces.filter((f) => f.sizePx >= widest * SELFIE_RULES.backgroundRatio);
  if (main.length > 1) return { reason: 'multiple_faces' };
  const face = main[0] as FaceDetection['faces'][number];
  const shortSide = Math.min(detection.width, detection.height);
  if (face.sizePx < SELFIE_RULES.minPx || face.sizePx < shortSide * SELFIE_RULES.minShortSideShare)
    return { reason: 'face_too_small' };
  const cx = face.box.x + face.box.width / 2;
  const cy = face.box.y + face.box.height / 2;
  const m = SELFIE_RULES.centreMargin;
  if (cx < m || cx > 1 - m || cy < m || cy > 1 - m) return { reason: 'face_not_centred' };
  return { face };
}
