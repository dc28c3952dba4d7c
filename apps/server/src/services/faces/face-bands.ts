/**
 * Where a face match's distance puts a photo, calibrated on labelled faces (figures and method in
 * docs/performance.md, "Face matching calibration"). Euclidean distances of 128-d descriptors.
 */
export const FACE_BANDS = {
  /** At or below: a clear match, the photo goes into the album. */
  autoMax: 0.55,
  /** Above autoMax, at or below this: "Is this you?" asks the participant. Above: left out. */
  askMax: 0.6,
  /** Faces narrower than this (pixels in the original) are unreliable alone: asked, never auto. */
  minReliablePx: 60,
} as const;

export type FaceBand = 'auto' | 'ask' | 'out';

/** The band of one match: its distance, and whether the matched face is large enough to trust. */
export function faceBand(distance: number, faceSizePx: number): FaceBand {
  if (distance > FACE_BANDS.askMax) return 'out';
  if (distance <= FACE_BANDS.autoMax && faceSizePx >= FACE_BANDS.minReliablePx) return 'auto';
  return 'ask';
}
