import type { ShippingAddress } from '@fotodrop/contract';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { PrintLineSnapshot } from '../../db/order-schema';
import { readMade } from '../../media/deferred-derivatives';
import { readBlurred } from '../../media/face-blur';
import { renderPrint } from '../../media/print-rendition';
import { labPackagesRepository } from '../../repositories/lab-packages.repository';
import { printRepository } from '../../repositories/print.repository';
import type { AnonymizationService } from '../faces/anonymization.service';
import { storedOrMade } from './lab-files';
import { buildLabBook, isPhotobookProduct, type LabBook } from './lab-photobook';
import { DEFAULT_PRINT_SIZE_MM, LAB_DPI, printPixels, type SizeMm, sizeFromOptions } from './print-size';
export interface LabPackageDeps {
  db: Db;
  storage: Storage;
  /** Other participants' faces in anonymous mode: prints of their photos are made blurred. */
  anonymization?: Pick<AnonymizationService, 'hiddenFor' | 'makeBlurredFile'>;
}

/** One photo of a print line as the lab receives it. */
export interface LabFile {
  photo_id: number;
  copies: number;
  key: string;
  width: number;
  height: number;
}

export interface LabLine {
  lineInfoid: number;
  product_id: number;
  variant_id: number;
  product: string;
  options: Record<string, string>;
  size_mm: SizeMm;
  dpi: number;
  /** Units of the product ordered (a photobook: books; prints: the photos' copies added up). */
  copies: number;
  files: LabFile[];
  /** A photobook: its print-ready PDF (the files are then its pages at the book's size). */
  book?: LabBook;
}

/** `lab/<order>/manifest.json`: everything the lab needs to print and post the order. */
export interface LabManifest {
  order_id: number;
  /** When the order was paid (ISO 8601). */
  date: string;
  shipping_address: ShippingAddress | null;
  lines: LabLine[];
}

/** A print line's options and the size the lab prints it at (the console shows the same). */
export async function printSpec(
  db: Db,
  snapshot: PrintLineSnapshot,
): Promise<{ options: Record<string, string>; size: SizeMm }> {
  const options = await variantOptions(db, snapshot);
  return { options, size: snapshot.sizeMm ?? sizeFromOptions(options) ?? DEFAULT_PRINT_SIZE_MM };
}

export const labPrefix = (orderId: number) => `lab/${orderId}/`;
export const labManifestKey = (orderId: number) => `${labPrefix(orderId)}manifest.json`;

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'print';

/** The variant's options by group name (`{ Size: "13×18 cm", Finish: "Glossy" }`), from the catalogue. */
async function variantOptions(db: Db, snapshot: PrintLineSnapshot): Promise<Record<string, string>> {
  if (Object.keys(snapshot.options).length > 0) return snapshot.options;
  const repo = printRepository(db);
  const [groups, variants] = await Promise.all([
    repo.groupsOf([snapshot.productId]),
    repo.variantsOf([snapshot.productId]),
  ]);
  const chosen = new Set(variants.find((v) => v.id === snapshot.variantId)?.optionIds ?? []);
  const options: Record<string, string> = {};
  for (const group of groups) {
    const option = group.options.find((o) => chosen.has(o.id));
    if (option) options[group.name] = option.name;
  }
  return options;
}

/**
 * The lab package of a paid print order (issue 9): every photo of every print line rendered at the
 * product's print size at 300 dpi from the stored original, stored under `lab/<order id>/`, with a
 * manifest; then one `lab_packages` row. Safe to run again after a crash: renditions already
 * stored are kept (storage writes are whole), the manifest is rewritten with the same content, and
 * the row is inserted once. An order that is not paid, or has no print lines, gets nothing.
 */
export async function buildLabPackage(
  deps: LabPackageDeps,
  orderId: number,
): Promise<{ manifestKey: string; files: number } | null> {
  const repo = labPackagesRepository(deps.db);
  const done = await repo.find(orderId);
  if (done) return { manifestKey: done.manifestKey, files: done.files };
  const order = await repo.order(orderId);
  // paid (a digital line refunded leaves its prints to make); a print order held for review, or
  // cancelled instead, goes nowhere (issue 19)
  if (order?.status !== 'paid' && order?.status !== 'partially_refunded') return null;
  if (order.printHold === 'held' || order.printHold === 'cancelled') return null;
  const lines = await repo.printLines(orderId);
  if (lines.length === 0) return null;
  const photoIds = lines.flatMap((l) => l.print?.photos.map((p) => p.photo_id) ?? []);
  const sizes = await repo.photos(photoIds);
  const hidden = (await deps.anonymization?.hiddenFor(order.userId, photoIds)) ?? new Map<number, number[]>();
  /** The stored original to print: blurred where others hide their faces from this buyer, never clear. */
  const original = async (photoId: number) => {
    const faces = hidden.get(photoId);
    if (!faces) {
      // Made now if the later job has not (deferred-derivatives.ts).
      const found = await readMade((key) => deps.storage.get(key), deps.storage, photoId, 'original');
      // Purchased photos are never deleted; a missing original is a fault to retry and report.
      if (!found) throw new Error(`lab package ${orderId}: original of photo ${photoId} is missing`);
      return found;
    }
    const blurred = await readBlurred(
      (key) => deps.storage.get(key),
      deps.anonymization?.makeBlurredFile,
      photoId,
      faces,
      'original',
    );
    if (!blurred)
      throw new Error(`lab package ${orderId}: the blurred original of photo ${photoId} cannot be made`);
    return blurred;
  };

  const manifestLines: LabLine[] = [];
  for (const [index, line] of lines.entries()) {
    const snapshot = line.print;
    if (!snapshot) continue;
    const { options, size } = await printSpec(deps.db, snapshot);
    const folder = `${labPrefix(orderId)}${String(index + 1).padStart(2, '0')}-${slug(snapshot.title)}/`;
    const lineInfo = {
      lineInfoid: line.id,
      product_id: snapshot.productId,
      variant_id: snapshot.variantId,
      product: snapshot.title,
      options,
      size_mm: size,
      dpi: LAB_DPI,
      copies: line.quantity,
    };
    const product = await printRepository(deps.db).product(snapshot.productId);
    if (product && isPhotobookProduct(product)) {
      const photoIds = snapshot.photos.map((p) => p.photo_id);
      const brand = photoIds[0] === undefined ? undefined : await repo.branding(photoIds[0]);
      const { book, files } = await buildLabBook({
        storage: deps.storage,
        folder,
        trimMm: size,
        photoIds,
        branding: {
          title: brand?.event ?? snapshot.title,
          subtitle: brand?.organisation ?? '',
          colour: brand?.theme?.primary ?? '#4338ca',
          contrast: brand?.theme?.primary_contrast ?? '#ffffff',
        },
        original,
      });
      manifestLines.push({ ...lineInfo, files: files.map((f) => ({ ...f, copies: 1 })), book });
      continue;
    }
    const files: LabFile[] = [];
    for (const photo of snapshot.photos) {
      const known = sizes.get(photo.photo_id);
      const pixels = printPixels(size, {
        width: known?.width ?? size.width,
        height: known?.height ?? size.height,
      });
      const key = `${folder}${photo.photo_id}.jpg`;
      await storedOrMade(deps.storage, key, 'image/jpeg', async () => {
        const rendition = await renderPrint(await original(photo.photo_id), { ...pixels, dpi: LAB_DPI });
        return rendition.buffer;
      });
      files.push({ photo_id: photo.photo_id, copies: photo.quantity, key, ...pixels });
    }
    manifestLines.push({ ...lineInfo, files });
  }

  const manifest: LabManifest = {
    order_id: order.id,
    date: (order.paidAt ?? order.createdAt).toISOString(),
    shipping_address: order.shippingAddress,
    lines: manifestLines,
  };
  const manifestKey = labManifestKey(orderId);
  await deps.storage.put(manifestKey, Buffer.from(JSON.stringify(manifest, null, 2)), 'application/json');
  const files = manifestLines.reduce((sum, l) => sum + l.files.length, 0);
  await repo.insert({ orderId, manifestKey, files });
  return { manifestKey, files };
}

/** The lab package builder the job worker runs. */
export function labPackages(deps: LabPackageDeps) {
  return { build: (orderId: number) => buildLabPackage(deps, orderId) };
}
export type LabPackages = ReturnType<typeof labPackages>;
