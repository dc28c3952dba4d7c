import sharp from 'sharp';
import { inspectImage, sharpInput } from './inspect';

/** Long side of the stored screenshot: text on a phone or desktop screen stays readable. */
const MAX_SIDE = 2000;

/**
 * A screenshot sent with a support request, checked as an image by its content (inspect.ts:
 * magic bytes, header, pixel limit, one decode) and re-encoded as JPEG: what reaches the support
 * team's mailbox is pixels only, with no metadata (location, device) and no smuggled payload.
 * Throws `MediaRejected` for anything that is not a readable JPEG, PNG, WebP or AVIF.
 */
export async function normaliseScreenshot(bytes: Buffer, maxBytes: number): Promise<Buffer> {
  await inspectImage(bytes, { maxBytes, maxPixels: 40_000_000 });
  return sharp(bytes, sharpInput(40_000_000))
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
