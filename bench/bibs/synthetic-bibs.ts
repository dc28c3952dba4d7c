// A labelled set of race photos for bib recognition (issue 20): synthetic bibs drawn on the real
// group photos of /work/shared/data/faces/bbt (the face tests' photos), with the distortions race
// photos have, and numbers in the scene that are not bibs. Deterministic: the same seed draws the
// same set. Nothing here is needed by the server.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const BBT_DIR = fileURLToPath(new URL('../../../../shared/data/faces/bbt/', import.meta.url));
const PHOTOS = ['bbt1.jpg', 'bbt2.jpg', 'bbt3.jpg', 'bbt4.jpg', 'bbt5.jpg'];
/** The long side the scene is drawn at (a camera's 1920 px), before the server's 1600 px preview. */
export const SCENE_LONG_SIDE = 1920;

export interface LabelledBib {
  number: string;
  /** Plate width in pixels of the 1920 px scene. */
  widthPx: number;
  /** Share of the digits' width an arm or another runner covers (0: none). */
  occluded: number;
  /** What a person could read: less than half of one digit covered. */
  readable: boolean;
}

export interface LabelledPhoto {
  name: string;
  source: string;
  bibs: LabelledBib[];
  /** Numbers printed in the scene that are not bibs: years, km signs, clocks, gates. */
  sceneNumbers: string[];
}

/** mulberry32: a small seeded generator, enough for drawing. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLATES = [
  { plate: '#ffffff', band: '#c62828', digits: '#111111' },
  { plate: '#ffffff', band: '#1565c0', digits: '#0d47a1' },
  { plate: '#fff176', band: '#212121', digits: '#111111' },
  { plate: '#ffcc80', band: '#2e7d32', digits: '#1b1b1b' },
  { plate: '#81d4fa', band: '#ffffff', digits: '#0a0a0a' },
  { plate: '#ffffff', band: '#6a1b9a', digits: '#b71c1c' },
];
const SPONSORS = ['CITY MARATHON', 'RUN FOR GOOD', 'ACME SPORTS', 'HALF MARATHON', 'NIGHT RUN'];
const SKIN = ['#c68642', '#8d5524', '#e0ac69', '#f1c27d', '#3b2219'];

function plateSvg(i: number, r: () => number, cx: number, cy: number, bib: LabelledBib): string {
  const w = bib.widthPx;
  const h = Math.round(w * (0.62 + r() * 0.14));
  const style = PLATES[Math.floor(r() * PLATES.length)]!;
  const sponsor = SPONSORS[Math.floor(r() * SPONSORS.length)]!;
  const angle = (r() - 0.5) * 30;
  const skew = (r() - 0.5) * 24;
  const squash = 0.8 + r() * 0.2;
  const blur = r() < 0.35 ? (r() * w) / 110 : 0;
  const curve = r() < 0.4 ? (r() - 0.5) * h * 0.18 : 0;
  const shade = r() * 0.45;
  const digits = bib.number.split('');
  const size = Math.min(h * 0.5, (w * 0.86) / (digits.length * 0.7));
  const advance = size * 0.7;
  const start = w / 2 - (advance * digits.length) / 2 + advance / 2;
  const base = h * 0.5 + size * 0.42 + h * 0.08;
  const glyphs = digits
    .map((d, k) => {
      const t = digits.length === 1 ? 0 : k / (digits.length - 1) - 0.5;
      const y = base + curve * (4 * t * t - 1);
      const rot = curve === 0 ? 0 : (-t * curve * 60) / w;
      const x = start + k * advance;
      return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" transform="rotate(${rot.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" font-family="DejaVu Sans" font-weight="bold" font-size="${size.toFixed(1)}" text-anchor="middle" fill="${style.digits}">${d}</text>`;
    })
    .join('');
  const pin = (x: number, y: number) =>
    `<circle cx="${x}" cy="${y}" r="${Math.max(2, w * 0.022)}" fill="#bdbdbd" stroke="#616161"/>`;
  let occluder = '';
  if (bib.occluded > 0) {
    // an arm across the plate from one side, covering that share of the digits
    const digitsWidth = advance * digits.length;
    const from = r() < 0.5;
    const cover = digitsWidth * bib.occluded;
    const x0 = from ? w / 2 - digitsWidth / 2 - w : w / 2 + digitsWidth / 2 - cover;
    occluder = `<rect x="${x0}" y="${-h * 0.3}" width="${w + cover}" height="${h * 1.6}" rx="${h * 0.4}" fill="${SKIN[Math.floor(r() * SKIN.length)]}"/>`;
  }
  return `<defs>
    <filter id="b${i}"><feGaussianBlur stdDeviation="${blur.toFixed(2)}"/></filter>
    <linearGradient id="s${i}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${shade.toFixed(2)}"/></linearGradient>
  </defs>
  <g transform="translate(${cx} ${cy}) rotate(${angle.toFixed(1)}) skewX(${skew.toFixed(1)}) scale(1 ${squash.toFixed(2)}) translate(${-w / 2} ${-h / 2})" filter="url(#b${i})">
    <rect width="${w}" height="${h}" rx="${w * 0.04}" fill="${style.plate}" stroke="#9e9e9e"/>
    <rect width="${w}" height="${h * 0.2}" rx="${w * 0.04}" fill="${style.band}"/>
    <text x="${w / 2}" y="${h * 0.15}" font-family="DejaVu Sans" font-size="${(h * 0.12).toFixed(1)}" text-anchor="middle" fill="${style.band === '#ffffff' ? '#1565c0' : '#ffffff'}">${sponsor}</text>
    ${glyphs}
    ${pin(w * 0.06, h * 0.08)}${pin(w * 0.94, h * 0.08)}${pin(w * 0.06, h * 0.92)}${pin(w * 0.94, h * 0.92)}
    <rect width="${w}" height="${h}" fill="url(#s${i})"/>
    ${occluder}
  </g>`;
}

/** Signs a race scene is full of; `text` is what is printed, `number` the digits a reader could take. */
function sceneSvg(r: () => number, x: number, y: number): { svg: string; number: string } {
  const kind = Math.floor(r() * 4);
  const size = 34 + r() * 50;
  const text = (t: string, fill: string, family = 'DejaVu Sans') =>
    `<text x="0" y="${size * 0.36}" font-family="${family}" font-weight="bold" font-size="${size.toFixed(1)}" text-anchor="middle" fill="${fill}">${t}</text>`;
  const box = (w: number, fill: string) =>
    `<rect x="${-w / 2}" y="${-size * 0.7}" width="${w}" height="${size * 1.4}" fill="${fill}"/>`;
  const tilt = (r() - 0.5) * 10;
  const wrap = (inner: string) =>
    `<g transform="translate(${x} ${y}) rotate(${tilt.toFixed(1)})">${inner}</g>`;
  if (kind === 0) {
    const year = String(2024 + Math.floor(r() * 3));
    return { svg: wrap(box(size * 3.4, '#1565c0') + text(year, '#ffffff')), number: year };
  }
  if (kind === 1) {
    const km = `${[5, 10, 21, 30, 42][Math.floor(r() * 5)]} KM`;
    return { svg: wrap(box(size * 3.6, '#ffeb3b') + text(km, '#111111')), number: km };
  }
  if (kind === 2) {
    const clock = `${1 + Math.floor(r() * 3)}:${String(Math.floor(r() * 60)).padStart(2, '0')}:${String(Math.floor(r() * 60)).padStart(2, '0')}`;
    return {
      svg: wrap(box(size * 4.8, '#111111') + text(clock, '#ff1744', 'DejaVu Sans Mono')),
      number: clock,
    };
  }
  const gate = `GATE ${1 + Math.floor(r() * 40)}`;
  return { svg: wrap(box(size * 4.6, '#2e7d32') + text(gate, '#ffffff')), number: gate };
}

/** The set's photos: each a real group photo at 1920 px with 2–4 bibs and 1–2 scene numbers. */
export async function labelledRacePhotos(
  count: number,
  seed = 20,
): Promise<{ label: LabelledPhoto; image: Buffer }[]> {
  const r = random(seed);
  const used = new Set<string>();
  const out: { label: LabelledPhoto; image: Buffer }[] = [];
  for (let p = 0; p < count; p++) {
    const source = PHOTOS[p % PHOTOS.length]!;
    const base = await sharp(await readFile(`${BBT_DIR}${source}`))
      .resize(SCENE_LONG_SIDE, SCENE_LONG_SIDE, { fit: 'inside' })
      .toBuffer({ resolveWithObject: true });
    const { width, height } = base.info;
    const bibs: LabelledBib[] = [];
    const parts: string[] = [];
    const n = 2 + Math.floor(r() * 3);
    for (let b = 0; b < n; b++) {
      let number: string;
      do {
        const digits = 3 + Math.floor(r() * 3);
        number = String(10 ** (digits - 1) + Math.floor(r() * 9 * 10 ** (digits - 1)));
      } while (used.has(number) || /^202[4-6]$/.test(number));
      used.add(number);
      const widthPx = Math.round(60 + r() ** 1.3 * 240);
      const occluded = r() < 0.18 ? 0.1 + r() * 0.5 : 0;
      // readable: less than half of one digit covered
      const bib = { number, widthPx, occluded, readable: occluded * number.length < 0.5 };
      bibs.push(bib);
      // spread along the lower half, one slot each
      const cx = Math.round(((b + 0.5) / n) * width + (r() - 0.5) * (width / n) * 0.4);
      const cy = Math.round(height * (0.55 + r() * 0.3));
      parts.push(plateSvg(p * 10 + b, r, cx, cy, bib));
    }
    const sceneNumbers: string[] = [];
    const signs = 1 + Math.floor(r() * 2);
    for (let s = 0; s < signs; s++) {
      const sign = sceneSvg(
        r,
        Math.round(((s + 0.5) / signs) * width),
        Math.round(height * (0.08 + r() * 0.2)),
      );
      sceneNumbers.push(sign.number);
      parts.push(sign.svg);
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
    const image = await sharp(base.data)
      .composite([{ input: Buffer.from(svg) }])
      .jpeg({ quality: 88 })
      .toBuffer();
    out.push({
      label: { name: `race-${String(p).padStart(3, '0')}.jpg`, source, bibs, sceneNumbers },
      image,
    });
  }
  return out;
}
