import sharp from 'sharp';

/**
 * The pixel size of an encoded image, read from its header (nothing decoded); null when the bytes
 * are no image sharp knows. Stored derivatives' own sizes: a preview's is not the formula's
 * (JPEG shrink-on-load rounds one side down at times), so what a page says of an image is read here.
 */
export async function imageSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height } = await sharp(bytes).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
