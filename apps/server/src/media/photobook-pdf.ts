import { PDFDocument } from 'pdf-lib';

const POINTS_PER_MM = 72 / 25.4;

export interface PhotobookPdfInput {
  title: string;
  /** The book's trimmed page size. */
  trimMm: { width: number; height: number };
  /** Bleed on each side of every page. */
  bleedMm: number;
  /** Pages in order, each a JPEG of the trimmed size plus bleed; null is a blank (white) page. */
  pages: (Buffer | null)[];
}

/**
 * The print-ready PDF of a photobook: one PDF page per page side, in reading order (front cover,
 * inner pages, back cover), each the trimmed size plus bleed (MediaBox = BleedBox) with its
 * TrimBox where the lab cuts, the photo filling the whole bleed.
 */
export async function photobookPdf(input: PhotobookPdfInput): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setCreator('Fotodrop lab package');
  doc.setProducer('Fotodrop');
  // a fixed date: the same book gives the same file when the package is made again after a crash
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const bleed = input.bleedMm * POINTS_PER_MM;
  const trim = { width: input.trimMm.width * POINTS_PER_MM, height: input.trimMm.height * POINTS_PER_MM };
  const width = trim.width + 2 * bleed;
  const height = trim.height + 2 * bleed;
  for (const jpeg of input.pages) {
    const page = doc.addPage([width, height]);
    page.setBleedBox(0, 0, width, height);
    page.setTrimBox(bleed, bleed, trim.width, trim.height);
    if (jpeg) page.drawImage(await doc.embedJpg(jpeg), { x: 0, y: 0, width, height });
  }
  return Buffer.from(await doc.save());
}
