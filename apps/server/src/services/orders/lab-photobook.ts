import { PHOTOBOOK_PHOTO_COUNT } from '@fotodrop/contract';
import { photobookPages } from '@fotodrop/contract/rules/photobook';
import type { Storage } from '../../adapters/storage/storage';
import {
  backCover,
  type CoverBranding,
  frontCover,
  type PageSize,
  photoPage,
} from '../../media/photobook-pages';
import { photobookPdf } from '../../media/photobook-pdf';
import { storedOrMade } from './lab-files';
import { LAB_DPI, pixelsAt, type SizeMm } from './print-size';

/** decision: 3 mm of bleed on every side, what photo-book printers ask for. */
export const BOOK_BLEED_MM = 3;

/** The print-ready book of a photobook line, beside its page renditions. */
export interface LabBook {
  pdf_key: string;
  /** PDF pages: covers, inner pages and the blank filler when the photo count is odd. */
  pages: number;
  trim_mm: SizeMm;
  bleed_mm: number;
}

/** A print product is the photobook when it takes exactly the book's photo count (as the offer picks it). */
export const isPhotobookProduct = (product: { minPhotos: number; maxPhotos: number }) =>
  product.minPhotos === PHOTOBOOK_PHOTO_COUNT && product.maxPhotos === PHOTOBOOK_PHOTO_COUNT;

/**
 * A photobook line of a lab package: every photo as a full page at the book's size plus bleed (the
 * files of the line), the covers rendered from the first and last photo in the organisation's
 * colours, and `book.pdf` with all pages in order. Files already stored are kept (a re-run after a
 * crash makes only what is missing); the PDF is made last, so its presence means the book is whole.
 */
export async function buildLabBook(deps: {
  storage: Storage;
  folder: string;
  trimMm: SizeMm;
  photoIds: number[];
  branding: CoverBranding;
  /** The stored original to print (blurred where anonymous mode asks). */
  original: (photoId: number) => Promise<Buffer>;
}): Promise<{ book: LabBook; files: { photo_id: number; key: string; width: number; height: number }[] }> {
  const { storage, folder, trimMm } = deps;
  const size: PageSize = {
    width: pixelsAt(trimMm.width + 2 * BOOK_BLEED_MM),
    height: pixelsAt(trimMm.height + 2 * BOOK_BLEED_MM),
    bleed: pixelsAt(BOOK_BLEED_MM),
    dpi: LAB_DPI,
  };
  const stored = (key: string, make: () => Promise<Buffer>) => storedOrMade(storage, key, 'image/jpeg', make);

  const files = [];
  const byPhoto = new Map<number, Buffer>();
  for (const [index, photoId] of deps.photoIds.entries()) {
    const key = `${folder}page-${String(index + 1).padStart(2, '0')}-${photoId}.jpg`;
    byPhoto.set(photoId, await stored(key, async () => photoPage(await deps.original(photoId), size)));
    files.push({ photo_id: photoId, key, width: size.width, height: size.height });
  }
  const first = deps.photoIds[0];
  const last = deps.photoIds.at(-1);
  if (first === undefined || last === undefined) throw new Error('a photobook without photos');
  const front = await stored(`${folder}cover-front.jpg`, async () =>
    frontCover(await deps.original(first), size, deps.branding),
  );
  const back = await stored(`${folder}cover-back.jpg`, async () =>
    backCover(await deps.original(last), size, deps.branding),
  );

  const pages = photobookPages(deps.photoIds.map((id) => ({ id, url: '' }))).map((page) =>
    page.kind === 'front_cover' ? front : page.kind === 'back_cover' ? back : (byPhoto.get(page.id) ?? null),
  );
  const pdfKey = `${folder}book.pdf`;
  if (!(await storage.exists(pdfKey))) {
    const pdf = await photobookPdf({ title: deps.branding.title, trimMm, bleedMm: BOOK_BLEED_MM, pages });
    await storage.put(pdfKey, pdf, 'application/pdf');
  }
  return { book: { pdf_key: pdfKey, pages: pages.length, trim_mm: trimMm, bleed_mm: BOOK_BLEED_MM }, files };
}
