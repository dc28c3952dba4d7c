import { BIB_MAX_DIGITS, BIB_MIN_DIGITS, compareBibs } from './bib-numbers';

/**
 * Which texts read on a photo become bibs (issue 20). The recognition engine reads every text box;
 * a scene is full of numbers that are not bibs (a year on a banner, a kilometre sign, the race
 * clock), so a box counts only when its whole text is one number of the event's length range,
 * read confidently, tall enough to have been read at all, and issued for this event.
 */

/**
 * Recognition confidence a box needs, calibrated on the labelled set of issue 20 (`npm run
 * bench:bibs`, docs/performance.md): 0.5–0.8 keep the same bibs there (precision 1.0 with the
 * issued list, recall 0.967 of readable bibs); higher loses readable bibs (0.95: 0.924) and barely
 * removes misreads (they are read confidently). 0.8: the highest with the full recall.
 */
export const BIB_MIN_CONFIDENCE = 0.8;
/** Boxes shorter than this (pixels of the analysed image) are read too unreliably to tag a photo. */
export const BIB_MIN_BOX_HEIGHT_PX = 14;

/** One text box as the recognition engine answers it. */
export interface OcrBox {
  text: string;
  /** 0–1. */
  confidence: number;
  box: { x: number; y: number; width: number; height: number };
}

export interface BibThresholds {
  minConfidence: number;
  minBoxHeight: number;
  minDigits: number;
  maxDigits: number;
}

export const DEFAULT_BIB_THRESHOLDS: BibThresholds = {
  minConfidence: BIB_MIN_CONFIDENCE,
  minBoxHeight: BIB_MIN_BOX_HEIGHT_PX,
  minDigits: BIB_MIN_DIGITS,
  maxDigits: BIB_MAX_DIGITS,
};

export interface BibCandidate {
  number: string;
  confidence: number;
}

/**
 * The box's text as a bib, or null. Whitespace is dropped first: recognition often splits a
 * printed number's wide-set digits ("10 42"). Anything else but digits (letters, ":", ".", "-")
 * refuses the box, so "21 KM" and "1:23:45" never become bibs.
 */
export function bibText(text: string, minDigits = BIB_MIN_DIGITS, maxDigits = BIB_MAX_DIGITS): string | null {
  const digits = text.replace(/\s+/g, '');
  if (!/^[0-9]+$/.test(digits)) return null;
  return digits.length >= minDigits && digits.length <= maxDigits ? digits : null;
}

/**
 * The bibs read on one photo, each once with its best confidence, in numeric order. Only numbers
 * in `issued` count: that is what leaves out a "2024" on a banner when no bib 2024 was issued.
 */
export function acceptBibs(
  boxes: readonly OcrBox[],
  issued: ReadonlySet<string>,
  thresholds: Partial<BibThresholds> = {},
): BibCandidate[] {
  const t = { ...DEFAULT_BIB_THRESHOLDS, ...thresholds };
  const best = new Map<string, number>();
  for (const { text, confidence, box } of boxes) {
    if (!Number.isFinite(confidence) || confidence < t.minConfidence || confidence > 1) continue;
    if (!(box.height >= t.minBoxHeight)) continue;
    const number = bibText(text, t.minDigits, t.maxDigits);
    if (number === null || !issued.has(number)) continue;
    if (confidence > (best.get(number) ?? -1)) best.set(number, confidence);
  }
  return [...best.keys()].sort(compareBibs).map((number) => ({ number, confidence: best.get(number) ?? 0 }));
}
