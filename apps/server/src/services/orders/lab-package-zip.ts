import { Readable } from 'node:stream';
import { ErrorCode, type ShippingAddress } from '@fotodrop/contract';
import type { Storage } from '../../adapters/storage/storage';
import { DomainError, NotFoundError } from '../../http/errors';
import { type ZipEntrySource, zipStream } from '../../media/zip-writer';
import type { OrderLineRow, OrderRow } from '../../repositories/orders.repository';
import type { LabManifest } from './lab-package';

const notReady = (message: string) => new DomainError(409, ErrorCode.labPackageNotReady, message);

/** The zip's name in the console's download and its Content-Disposition. */
export const labZipName = (orderId: number) => `order-${orderId}-lab.zip`;

/**
 * Why an order has no lab package yet, as the console's download answers it: 404 when it never
 * will (no print lines, its prints cancelled, refunded before they were made), 409
 * lab_package_not_ready while it is still to come (payment, review hold, the job).
 */
export function missingLabPackage(order: OrderRow, lines: OrderLineRow[]): DomainError {
  if (!lines.some((l) => l.kind === 'print'))
    return new NotFoundError('This order has no prints, so no lab package.');
  if (order.printHold === 'cancelled' || order.status === 'refunded')
    return new NotFoundError('The prints of this order were cancelled: there is no lab package.');
  if (order.status !== 'paid' && order.status !== 'partially_refunded')
    return notReady('The lab package is made once the order is paid.');
  if (order.printHold === 'held')
    return notReady('The prints are held for your review: send them to the lab first.');
  return notReady('The lab package is being made. Try again in a few minutes.');
}

/** A manifest as the zip carries it: each storage key becomes the file's path in the zip. */
function zipManifest(manifest: LabManifest, pathOf: (key: string) => string) {
  return {
    ...manifest,
    lines: manifest.lines.map(({ files, book, ...line }) => ({
      ...line,
      files: files.map(({ key, ...file }) => ({ ...file, path: pathOf(key) })),
      ...(book ? { book: { ...book, pdf_key: undefined, pdf_path: pathOf(book.pdf_key) } } : {}),
    })),
  };
}

const addressLines = (a: ShippingAddress | null): string[] =>
  a
    ? [
        a.full_name || `${a.first_name} ${a.last_name}`,
        `${a.street} ${a.number}`,
        `${a.zip_code} ${a.city}${a.area ? ` (${a.area})` : ''}`,
        a.country,
        `Phone ${a.phone} · ${a.email}`,
      ]
    : ['(no shipping address)'];

/**
 * decision (issue 19): the order sheet is plain English text a person at the lab reads or prints
 * (order number, date, address, each item with size and copies); the manifest is for machines.
 */
function orderSheet(order: OrderRow, manifest: LabManifest, pathOf: (key: string) => string): string {
  const out = [
    `Order #${order.id}`,
    `Paid: ${(order.paidAt ?? order.createdAt).toISOString().slice(0, 10)}`,
    '',
    'Ship to:',
    ...addressLines(order.shippingAddress).map((l) => `  ${l}`),
    '',
  ];
  for (const [index, line] of manifest.lines.entries()) {
    const options = Object.entries(line.options)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    out.push(
      `${index + 1}. ${line.product}${options ? ` (${options})` : ''}`,
      `   Print size ${line.size_mm.width} × ${line.size_mm.height} mm at ${line.dpi} dpi · quantity ${line.copies}`,
    );
    if (line.book)
      out.push(
        `   Book: ${pathOf(line.book.pdf_key)} (${line.book.pages} pages, ${line.book.bleed_mm} mm bleed)`,
      );
    else for (const f of line.files) out.push(`   ${f.copies} × photo ${f.photo_id}: ${pathOf(f.key)}`);
    out.push('');
  }
  return out.join('\r\n');
}

/**
 * The lab package as one zip, streamed as it is read (`zip-writer.ts`): every file its manifest
 * names (print renditions; a photobook's pages and its PDF) under `order-<id>/` with the line
 * folders the job made, then `manifest.json` (paths instead of storage keys) and `order-sheet.txt`.
 * Every file is checked first, so a missing one fails before the first byte, not mid-download.
 */
export async function labPackageZip(
  storage: Storage,
  order: OrderRow,
  manifestKey: string,
): Promise<{ fileName: string; stream: Readable }> {
  const bytes = await storage.get(manifestKey);
  if (!bytes) throw new Error(`lab package ${order.id}: its manifest is missing`);
  const manifest = JSON.parse(bytes.toString('utf8')) as LabManifest;
  const root = `order-${order.id}/`;
  const prefix = manifestKey.slice(0, manifestKey.lastIndexOf('/') + 1);
  const pathOf = (key: string) => `${root}${key.startsWith(prefix) ? key.slice(prefix.length) : key}`;
  const keys = manifest.lines.flatMap((l) => [
    ...l.files.map((f) => f.key),
    ...(l.book ? [l.book.pdf_key] : []),
  ]);
  const unique = [...new Set(keys)];
  for (const key of unique)
    if (!(await storage.exists(key))) throw new Error(`lab package ${order.id}: ${key} is missing`);
  const mtime = order.paidAt ?? order.createdAt;
  const text = (name: string, body: string): ZipEntrySource => ({
    name: `${root}${name}`,
    mtime,
    open: async () => Readable.from([Buffer.from(body, 'utf8')]),
  });
  const entries: ZipEntrySource[] = [
    text('order-sheet.txt', orderSheet(order, manifest, pathOf)),
    text('manifest.json', JSON.stringify(zipManifest(manifest, pathOf), null, 2)),
    ...unique.map((key) => ({
      name: pathOf(key),
      mtime,
      async open() {
        const found = await storage.stream(key);
        if (!found) throw new Error(`lab package ${order.id}: ${key} went missing`);
        return found.stream;
      },
    })),
  ];
  return { fileName: labZipName(order.id), stream: zipStream(entries) };
}
