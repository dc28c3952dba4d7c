// npm run bench:bibs — bib recognition on the labelled synthetic set (synthetic-bibs.ts): reads
// every photo through the real engine (as the server does: the 1600 px clean preview, one ONNX
// thread) and the contract's rules, sweeps the confidence threshold, and writes precision, recall,
// scene numbers taken, time and memory to docs/performance.md. BIB_PHOTOS=n for a quick run.
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  acceptBibs,
  BIB_MIN_BOX_HEIGHT_PX,
  BIB_MIN_CONFIDENCE,
  bibText,
  type OcrBox,
} from '@fotodrop/contract';
import sharp from 'sharp';
import { BIB_MODEL_NAME, loadBibEngine } from '../../apps/server/src/adapters/bibs/bib-engine';
import { machine, median, writeSection } from '../report';
import { type LabelledPhoto, labelledRacePhotos, SCENE_LONG_SIDE } from './synthetic-bibs';

const PHOTOS = Number(process.env.BIB_PHOTOS ?? 40);
/** The server reads the clean preview (media/derivatives.ts): 1600 px long side. */
const PREVIEW_LONG_SIDE = 1600;
const THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.97];

const set = await labelledRacePhotos(PHOTOS);
const out = join(tmpdir(), 'fotodrop-bench-bibs');
await mkdir(out, { recursive: true });
await writeFile(
  join(out, 'labels.json'),
  JSON.stringify(
    set.map((s) => s.label),
    null,
    2,
  ),
);

const loadStart = performance.now();
const engine = await loadBibEngine();
const loadMs = performance.now() - loadStart;

const read: { label: LabelledPhoto; boxes: OcrBox[] }[] = [];
const wallMs: number[] = [];
const cpuMs: number[] = [];
for (const { label, image } of set) {
  await writeFile(join(out, label.name), image);
  const preview = await sharp(image)
    .resize(PREVIEW_LONG_SIDE, PREVIEW_LONG_SIDE, { fit: 'inside' })
    .jpeg({ quality: 85 })
    .toBuffer();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const boxes = await engine.read(preview);
  wallMs.push(performance.now() - start);
  const used = process.cpuUsage(cpu);
  cpuMs.push((used.user + used.system) / 1000);
  read.push({ label, boxes });
}
const peakRssMb = process.resourceUsage().maxRSS / 1024;
await engine.close();

// The event's issued list: the set's bibs and as many numbers nobody wears.
const worn = new Set(set.flatMap((s) => s.label.bibs.map((b) => b.number)));
const issued = new Set(worn);
for (let n = 7000; issued.size < worn.size * 2; n += 37) issued.add(String(n));
const sceneDigits = (s: string) => bibText(s);

function score(minConfidence: number, issuedList: Set<string>) {
  let taken = 0;
  let right = 0;
  let readableFound = 0;
  let readable = 0;
  let allFound = 0;
  let all = 0;
  let scene = 0;
  for (const { label, boxes } of read) {
    const accepted = new Set(acceptBibs(boxes, issuedList, { minConfidence }).map((b) => b.number));
    const truth = new Set(label.bibs.map((b) => b.number));
    taken += accepted.size;
    right += [...accepted].filter((n) => truth.has(n)).length;
    for (const b of label.bibs) {
      all++;
      if (accepted.has(b.number)) allFound++;
      if (b.readable) {
        readable++;
        if (accepted.has(b.number)) readableFound++;
      }
    }
    scene += label.sceneNumbers.filter((s) => {
      const n = sceneDigits(s);
      return n !== null && accepted.has(n) && !truth.has(n);
    }).length;
  }
  return {
    precision: taken === 0 ? 1 : right / taken,
    recallReadable: readableFound / readable,
    recallAll: allFound / all,
    scene,
    wrong: taken - right,
  };
}

/**
 * A race's issued list is a dense range (1000–4999), so a digit misread into a neighbour is most
 * likely issued too; this list takes every number but the scene's, the worst case for misreads.
 */
class EveryNumberBut extends Set<string> {
  constructor(private readonly except: Set<string>) {
    super();
  }
  override has(n: string): boolean {
    return !this.except.has(n);
  }
}

const years = new Set(read.flatMap((r) => r.label.sceneNumbers.map(sceneDigits).filter((n) => n !== null)));
const issuedWithYears = new Set([...issued, ...years]);
const everyNumber = new EveryNumberBut(years as Set<string>);
const bibs = set.flatMap((s) => s.label.bibs);
const readableBibs = bibs.filter((b) => b.readable);
const bySize = (lo: number, hi: number) => {
  const group = readableBibs.filter((b) => b.widthPx >= lo && b.widthPx < hi);
  const found = group.filter((b) =>
    read.some(
      (r) =>
        r.label.bibs.includes(b) &&
        acceptBibs(r.boxes, issued, { minConfidence: BIB_MIN_CONFIDENCE }).some((a) => a.number === b.number),
    ),
  ).length;
  return `${found}/${group.length}`;
};
const f = (x: number) => x.toFixed(3);
const rows = THRESHOLDS.map((t) => {
  const a = score(t, issued);
  const b = score(t, issuedWithYears);
  const c = score(t, everyNumber);
  return `| ${t}${t === BIB_MIN_CONFIDENCE ? ' (set)' : ''} | ${f(a.precision)} | ${f(a.recallReadable)} | ${f(a.recallAll)} | ${a.scene} | ${f(b.precision)} | ${b.scene} | ${f(c.precision)} (${c.wrong} wrong) | ${c.scene} |`;
});
const sceneKinds = read.flatMap((r) => r.label.sceneNumbers);
writeSection(
  'bibs',
  `### Bib recognition (issue 20) (\`npm run bench:bibs\`)

Machine: ${machine()}; shared with other helpers' work while measured (loaded). Engine: ${BIB_MODEL_NAME} (ppu-paddle-ocr per-box, detection maxSideLength auto, one ONNX thread), in-process.

Set: ${set.length} photos (the 5 real group photos of \`/work/shared/data/faces/bbt\`, drawn at ${SCENE_LONG_SIDE} px, read as the server reads them: the ${PREVIEW_LONG_SIDE} px preview), ${bibs.length} bibs of 3–5 digits (${readableBibs.length} readable: less than half of one digit covered), plates ${Math.min(...bibs.map((b) => b.widthPx))}–${Math.max(...bibs.map((b) => b.widthPx))} px wide at ${SCENE_LONG_SIDE} px with white and coloured plates, sponsor line, pins, rotation ±15°, shear, vertical squash, curvature, blur, shading and arms over the digits; ${sceneKinds.length} scene numbers (years on banners, km signs, race clocks, gate signs). Seeded (seed 20), labels in \`labels.json\` beside the images in \`${out}\`.
Issued list: the set's ${worn.size} bibs and ${issued.size - worn.size} numbers nobody wears; "with years issued" adds the scene's digit-only numbers (${[...years].join(', ') || 'none'}) to it, the harder case; "every number issued" takes any 3–5 digit number but the scene's (a dense race list, where a misread digit is likely issued too: the worst case for misreads). Box height ≥ ${BIB_MIN_BOX_HEIGHT_PX} px.

| min confidence | precision | recall (readable) | recall (all) | scene numbers taken | precision, years issued | scene numbers taken, years issued | precision, every number issued but the scene's | scene numbers taken, every number |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Readable bibs found at ${BIB_MIN_CONFIDENCE} by plate width (px at ${SCENE_LONG_SIDE}): 60–99 ${bySize(60, 100)}, 100–179 ${bySize(100, 180)}, 180–300 ${bySize(180, 301)}.
Time per photo (${read.length} photos, 1600 px): median ${Math.round(median(wallMs))} ms wall, ${Math.round(median(cpuMs))} ms CPU (process CPU time over the read: what one photo costs on one core); model load ${Math.round(loadMs)} ms; peak RSS ${Math.round(peakRssMb)} MB for the process with one engine.`,
);

// What the engine read where a readable bib was missed (console only: for whoever tunes this next).
for (const { label, boxes } of read) {
  const accepted = new Set(acceptBibs(boxes, issued).map((b) => b.number));
  for (const b of label.bibs.filter((x) => x.readable && !accepted.has(x.number))) {
    const digits = boxes
      .filter((x) => /\d/.test(x.text))
      .map((x) => `${x.text}@${x.confidence.toFixed(2)}/${x.box.height}px`);
    console.log(
      `missed ${b.number} (${b.widthPx} px) in ${label.name}: read ${digits.join(', ') || 'nothing with digits'}`,
    );
  }
}
