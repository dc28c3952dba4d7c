/** A print's size in millimetres (width × height as the catalogue names it). */
export interface SizeMm {
  width: number;
  height: number;
}

/** decision: a product without a readable size is printed at the classic photo print, 10×15 cm. */
export const DEFAULT_PRINT_SIZE_MM: SizeMm = { width: 100, height: 150 };
/** Lab renditions are made at 300 dots per inch, the photo labs' standard. */
export const LAB_DPI = 300;

/** ISO 216 A sizes a photobook or poster may be named by (portrait). */
const A_SIZES: Record<string, SizeMm> = {
  A2: { width: 420, height: 594 },
  A3: { width: 297, height: 420 },
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
};

const number = (text: string) => Number.parseFloat(text.replace(',', '.'));

/**
 * The size one option's name states, or null: "10×15 cm", "13x18", "30 x 40 cm", "210×297 mm",
 * "8x10 in", "A4 landscape, hardcover". Without a unit a size is in centimetres, as the shop lists it.
 */
export function parseSizeMm(name: string): SizeMm | null {
  const dims = /(\d+(?:[.,]\d+)?)\s*[×xX*]\s*(\d+(?:[.,]\d+)?)\s*(mm|cm|in|″|")?/.exec(name);
  if (dims) {
    const unit = dims[3] ?? 'cm';
    const factor = unit === 'mm' ? 1 : unit === 'cm' ? 10 : 25.4;
    const width = Math.round(number(dims[1] ?? '0') * factor);
    const height = Math.round(number(dims[2] ?? '0') * factor);
    return width > 0 && height > 0 ? { width, height } : null;
  }
  const paper = /\b(A[2-5])\b/i.exec(name);
  const size = paper ? A_SIZES[(paper[1] ?? '').toUpperCase()] : undefined;
  if (!size) return null;
  return /landscape|querformat|paysage|orizzontale|horizontal/i.test(name)
    ? { width: size.height, height: size.width }
    : size;
}

/** The print size a line's options state (the first option that names one), else null. */
export function sizeFromOptions(options: Record<string, string>): SizeMm | null {
  for (const value of Object.values(options)) {
    const size = parseSizeMm(value);
    if (size) return size;
  }
  return null;
}

/** Pixels of `mm` at the lab's resolution. */
export const pixelsAt = (mm: number, dpi = LAB_DPI) => Math.round((mm / 25.4) * dpi);

/**
 * The pixel size of one photo's print: the print's sides at 300 dpi, its long side along the
 * photo's long side, so a landscape photo is not cropped to a portrait print (labs rotate paper,
 * not pictures).
 */
export function printPixels(
  size: SizeMm,
  photo: { width: number; height: number },
): { width: number; height: number } {
  const long = pixelsAt(Math.max(size.width, size.height));
  const short = pixelsAt(Math.min(size.width, size.height));
  return photo.width >= photo.height ? { width: long, height: short } : { width: short, height: long };
}
