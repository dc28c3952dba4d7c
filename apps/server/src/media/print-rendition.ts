import sharp from 'sharp';
import { sharpInput } from './inspect';

export interface PrintRendition {
  buffer: Buffer;
  width: number;
  height: number;
}

/**
 * A photo as the lab prints it: exactly `width` × `height` pixels, filled edge to edge (cropped
 * around the centre to the print's aspect, enlarged when the photo is smaller), sRGB JPEG at high
 * quality tagged with the print's resolution so the lab's software reads the intended size.
 */
export async function renderPrint(
  original: Buffer,
  size: { width: number; height: number; dpi: number },
): Promise<PrintRendition> {
  const { data, info } = await sharp(original, sharpInput())
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(size.width, size.height, { fit: 'cover', position: 'centre' })
    .withDensity(size.dpi)
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}
