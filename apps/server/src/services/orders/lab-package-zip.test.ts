import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStorage } from '../../adapters/storage/local-storage';
import type { Storage } from '../../adapters/storage/storage';
import type { OrderRow } from '../../repositories/orders.repository';
import type { LabManifest } from './lab-package';
import { labPackageZip } from './lab-package-zip';

const run = promisify(execFile);

const order = {
  id: 77,
  paidAt: new Date('2026-11-20T10:00:00Z'),
  createdAt: new Date('2026-11-20T09:58:00Z'),
  shippingAddress: null,
} as Partial<OrderRow> as OrderRow;

/** A photobook line as the job stores it: pages, the PDF beside them. */
const manifest: LabManifest = {
  order_id: 77,
  date: '2026-11-20T10:00:00.000Z',
  shipping_address: null,
  lines: [
    {
      lineInfoid: 1,
      product_id: 3,
      variant_id: 4,
      product: 'Photobook',
      options: { Format: 'A4 landscape, hardcover' },
      size_mm: { width: 297, height: 210 },
      dpi: 300,
      copies: 1,
      files: [{ photo_id: 9, copies: 1, key: 'lab/77/01-photobook/page-01-9.jpg', width: 10, height: 10 }],
      book: {
        pdf_key: 'lab/77/01-photobook/book.pdf',
        pages: 4,
        trim_mm: { width: 297, height: 210 },
        bleed_mm: 3,
      },
    },
  ],
};

describe('the lab package zip', () => {
  let dir: string;
  let storage: Storage;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fotodrop-lab-zip-unit-'));
    storage = localStorage(dir);
    await storage.put('lab/77/manifest.json', Buffer.from(JSON.stringify(manifest)), 'application/json');
    await storage.put('lab/77/01-photobook/page-01-9.jpg', Buffer.from('page'), 'image/jpeg');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('carries a photobook’s pages and its PDF, named in the manifest and the sheet by their paths', async () => {
    await storage.put('lab/77/01-photobook/book.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
    const zip = await labPackageZip(storage, order, 'lab/77/manifest.json');
    expect(zip.fileName).toBe('order-77-lab.zip');
    const file = join(dir, 'out.zip');
    await writeFile(file, await buffer(zip.stream));
    await run('unzip', ['-tq', file]);
    const names = (await run('zipinfo', ['-1', file])).stdout.trim().split('\n').sort();
    expect(names).toEqual([
      'order-77/01-photobook/book.pdf',
      'order-77/01-photobook/page-01-9.jpg',
      'order-77/manifest.json',
      'order-77/order-sheet.txt',
    ]);
    const read = async (name: string) => (await run('unzip', ['-p', file, name])).stdout;
    expect(await read('order-77/01-photobook/book.pdf')).toBe('%PDF-1.7');
    const inZip = JSON.parse(await read('order-77/manifest.json')) as {
      lines: { book: Record<string, unknown> }[];
    };
    expect(inZip.lines[0]!.book).toEqual({
      pages: 4,
      trim_mm: { width: 297, height: 210 },
      bleed_mm: 3,
      pdf_path: 'order-77/01-photobook/book.pdf',
    });
    const sheet = await read('order-77/order-sheet.txt');
    expect(sheet).toContain('Book: order-77/01-photobook/book.pdf (4 pages, 3 mm bleed)');
    expect(sheet).toContain('(no shipping address)');
  });

  it('fails before the first byte when a file the manifest names is missing', async () => {
    await expect(labPackageZip(storage, order, 'lab/77/manifest.json')).rejects.toThrow(
      /book\.pdf is missing/,
    );
  });
});
