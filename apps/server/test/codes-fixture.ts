import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { addPhoto } from './photos';
import type { TeamHarness } from './team-fixture';

export const codesUrl = (slug: string, rest = '') => `/api/organiser/v1/events/${slug}/codes/${rest}`;

/**
 * An event of organisation `orgId` with two galleries and one photo in each, plus a photo tagged
 * `room-12` in the first: what a code's scope shows is told apart by these three photos.
 */
export async function codesEvent(t: TeamHarness, orgId: number, slug: string, name = 'Lake Swim 2026') {
  const repo = photoServicesRepository(t.h.database.db);
  const event = await repo.insert({
    organisationId: orgId,
    slug,
    name,
    experienceType: 'event',
    startDate: '2026-06-01',
    endDate: '2026-06-01',
    currency: 'EUR',
  });
  const start = await repo.insertGallery({ photoServiceId: event.id, name: 'Start', position: 0 });
  const finish = await repo.insertGallery({ photoServiceId: event.id, name: 'Finish', position: 1 });
  const photos = {
    start: await addPhoto(t.h, { serviceId: event.id, galleryId: start.id, tags: [] }, 1),
    finish: await addPhoto(t.h, { serviceId: event.id, galleryId: finish.id, tags: [] }, 2),
    room: await addPhoto(t.h, { serviceId: event.id, galleryId: start.id, tags: ['room-12'] }, 3),
  };
  return { id: event.id, slug, galleries: { start: start.id, finish: finish.id }, photos };
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** poppler's pdftoppm, installed when missing the way `npm test` ensures ffmpeg. */
export function ensurePdftoppm(): void {
  execFileSync('node', [join(ROOT, 'scripts/ensure-debian-packages.mjs'), 'pdftoppm'], { stdio: 'ignore' });
}

/**
 * What a printed sheet shows: the PDF rasterised page by page (pdftoppm, 150 dpi), each page cut
 * into `columns` × `rows` cards, and the QR of each card decoded (null where a card holds none).
 */
export async function decodeCards(pdf: Buffer, columns: number, rows: number): Promise<(string | null)[][]> {
  const dir = await mkdtemp(join(tmpdir(), 'fotodrop-cards-'));
  try {
    await writeFile(join(dir, 'cards.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-png', join(dir, 'cards.pdf'), join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    const decoded: (string | null)[][] = [];
    for (const file of pages) {
      const image = sharp(join(dir, file));
      const { width, height } = await image.metadata();
      const cardWidth = Math.floor(width / columns);
      const cardHeight = Math.floor(height / rows);
      const cards: (string | null)[] = [];
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < columns; c++) {
          const { data, info } = await sharp(join(dir, file))
            .extract({ left: c * cardWidth, top: r * cardHeight, width: cardWidth, height: cardHeight })
            .ensureAlpha()
            .raw()
            .toBuffer({ resolveWithObject: true });
          const qr = jsQR(
            new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
            info.width,
            info.height,
          );
          cards.push(qr?.data ?? null);
        }
      }
      decoded.push(cards);
    }
    return decoded;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text a PDF shows, page after page (poppler's pdftotext, in reading order). */
export async function pdfText(pdf: Buffer): Promise<string> {
  return withPdf(pdf, (file) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));
}

/** The PDF's images, one row per use on a page: its object number and size in pixels. */
export async function pdfImages(pdf: Buffer): Promise<{ object: number; width: number; height: number }[]> {
  const list = await withPdf(pdf, (file) => execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }));
  // page num type width height color comp bpc enc interp object ID …, after two header lines
  return list
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[2] === 'image')
    .map((cols) => ({ object: Number(cols[10]), width: Number(cols[3]), height: Number(cols[4]) }));
}

async function withPdf<T>(pdf: Buffer, read: (file: string) => T): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'fotodrop-pdf-'));
  try {
    await writeFile(join(dir, 'file.pdf'), pdf);
    return read(join(dir, 'file.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A CSV file as the import takes it. */
export const csvBody = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
