// Calibration of the face match bands on labelled real faces: the five group photos of
// ../shared/data/faces/bbt (labelled by eye in apps/server/test/data/faces/bbt-labels.json) as
// event photos, the 40 face crops (8 people × 5) as selfies. Detection recall on the labelled
// faces; every selfie–photo-face and selfie–selfie pair's distance; the equal error rate; true
// matches kept at 1 % and 0.1 % false matches; what the bands of face-bands.ts do; and per person,
// which photos one selfie and all five selfies put in the album, ask about, or leave out.
import { readFile } from 'node:fs/promises';
import { descriptorDistance } from '../apps/server/src/adapters/faces/face-engine';
import { faceEnginePool } from '../apps/server/src/adapters/faces/face-engine-pool';
import { MIN_CONFIDENCE } from '../apps/server/src/adapters/faces/face-model';
import { FACE_BANDS, faceBand } from '../apps/server/src/services/faces/face-bands';
import {
  BBT_DIR,
  BBT_LABELS,
  BBT_PEOPLE,
  BBT_PHOTOS,
  type BbtPerson,
  cropOf,
  personInBox,
  photosOf,
} from '../apps/server/test/labelled-faces';
import { machine, writeSection } from './report';

const engine = faceEnginePool();
interface Face {
  photo: string;
  person: BbtPerson | undefined;
  sizePx: number;
  descriptor: Float32Array;
}
const photoFaces: Face[] = [];
let labelled = 0;
let found = 0;
for (const photo of BBT_PHOTOS) {
  const detection = await engine.detect(await readFile(`${BBT_DIR}${photo}`), 'photo');
  const people = new Set<BbtPerson>();
  for (const f of detection.faces) {
    const person = personInBox(photo, f.box);
    if (person) people.add(person);
    photoFaces.push({ photo, person, sizePx: f.sizePx, descriptor: f.descriptor });
  }
  labelled += (BBT_LABELS[photo] as unknown[]).length;
  found += people.size;
}
const selfies: { person: BbtPerson; n: number; descriptor: Float32Array }[] = [];
let selfieMisses = 0;
for (const person of BBT_PEOPLE)
  for (let n = 1; n <= 5; n++) {
    const detection = await engine.detect(await readFile(cropOf(person, n)), 'selfie');
    const face = [...detection.faces].sort((a, b) => b.sizePx - a.sizePx)[0];
    if (face) selfies.push({ person, n, descriptor: face.descriptor });
    else selfieMisses++;
  }
await engine.close();

// pairs: selfie × labelled photo face, and selfie × selfie of another crop
const same: number[] = [];
const different: number[] = [];
for (const s of selfies) {
  for (const f of photoFaces) {
    if (!f.person) continue;
    (f.person === s.person ? same : different).push(descriptorDistance(s.descriptor, f.descriptor));
  }
  for (const o of selfies) {
    if (o === s || o.person > s.person || (o.person === s.person && o.n <= s.n)) continue;
    (o.person === s.person ? same : different).push(descriptorDistance(s.descriptor, o.descriptor));
  }
}
const rate = (values: number[], t: number) => values.filter((v) => v <= t).length / values.length;
const thresholds = Array.from({ length: 401 }, (_, i) => 0.3 + i * 0.001);
// equal error rate: the threshold where false matches and missed true matches are closest
let eer = { t: 0, value: 1, gap: 2 };
for (const t of thresholds) {
  const far = rate(different, t);
  const frr = 1 - rate(same, t);
  if (Math.abs(far - frr) < eer.gap) eer = { t, value: (far + frr) / 2, gap: Math.abs(far - frr) };
}
const atFar = (target: number) => {
  const t = [...thresholds].reverse().find((x) => rate(different, x) <= target) ?? 0;
  return { t, tmr: rate(same, t) };
};
const far1 = atFar(0.01);
const far01 = atFar(0.001);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

// several selfies: each labelled group face against the best of its person's five selfies, and
// every other labelled face against the best of those selfies (a false match of the set)
const multi = { faces: 0, auto: 0, ask: 0, falseAuto: 0, falseAsk: 0, others: 0 };
const single = { auto: 0, ask: 0, n: 0 };
for (const f of photoFaces) {
  if (!f.person) continue;
  for (const person of BBT_PEOPLE) {
    const mine = selfies.filter((s) => s.person === person);
    if (mine.length === 0) continue;
    const best = Math.min(...mine.map((s) => descriptorDistance(s.descriptor, f.descriptor)));
    const band = faceBand(best, f.sizePx);
    if (person === f.person) {
      multi.faces++;
      if (band === 'auto') multi.auto++;
      if (band !== 'out') multi.ask++;
      for (const s of mine) {
        const b = faceBand(descriptorDistance(s.descriptor, f.descriptor), f.sizePx);
        single.n++;
        if (b === 'auto') single.auto++;
        if (b !== 'out') single.ask++;
      }
    } else {
      multi.others++;
      if (band === 'auto') multi.falseAuto++;
      if (band !== 'out') multi.falseAsk++;
    }
  }
}

// per person: one selfie (crop 1) and all five, against each group photo (best face per photo)
const perPerson: string[] = [];
let wrongInAlbum = 0;
let missed = 0;
for (const person of BBT_PEOPLE) {
  for (const set of [[1], [1, 2, 3, 4, 5]]) {
    const mine = selfies.filter((s) => s.person === person && set.includes(s.n));
    const album: string[] = [];
    const ask: string[] = [];
    for (const photo of BBT_PHOTOS) {
      let bestBand: 'auto' | 'ask' | 'out' = 'out';
      for (const f of photoFaces.filter((x) => x.photo === photo)) {
        const d = Math.min(...mine.map((s) => descriptorDistance(s.descriptor, f.descriptor)));
        const band = faceBand(d, f.sizePx);
        if (band === 'auto' || (band === 'ask' && bestBand === 'out')) bestBand = band;
      }
      if (bestBand === 'auto') album.push(photo);
      if (bestBand === 'ask') ask.push(photo);
    }
    const truth = photosOf(person);
    const wrong = album.filter((p) => !truth.includes(p));
    const lost = truth.filter((p) => !album.includes(p) && !ask.includes(p));
    if (set.length === 5) {
      wrongInAlbum += wrong.length;
      missed += lost.length;
    }
    const short = (list: string[]) => list.map((p) => p.replace('.jpg', '')).join(', ') || '—';
    perPerson.push(
      `| ${person} | ${set.length} | ${short(truth)} | ${short(album)} | ${short(ask)} | ${wrong.length === 0 ? 'none' : short(wrong)} |`,
    );
  }
}

writeSection(
  'face-calibration',
  `### Face matching calibration (\`npm run bench:faces:calibration\`)

${machine()}. Engine \`${engine.name}\`: face-api 1.7.15, SSD MobileNet v1 (min confidence
${MIN_CONFIDENCE}) + 68 landmarks + 128-d descriptor, euclidean distance. Labelled set: the 5 group photos of \`../shared/data/faces/bbt\` (labels in
\`apps/server/test/data/faces/bbt-labels.json\`, by eye; bbt1 shows four of the men with beards) and the 40
face crops (8 people × 5) used as selfies.

- Detection: ${found} of ${labelled} labelled faces found in the group photos (${photoFaces.length} faces in all, the
  others background people); ${40 - selfieMisses} of 40 selfies gave a face.
- Pairs: ${same.length} same-person and ${different.length} different-person distances (selfie–photo face and
  selfie–selfie).
- Equal error rate ≈ ${pct(eer.value)} at distance ${eer.t.toFixed(3)}.
- True matches accepted at 1 % false matches: ${pct(far1.tmr)} (distance ≤ ${far1.t.toFixed(3)}); at 0.1 %:
  ${pct(far01.tmr)} (≤ ${far01.t.toFixed(3)}).
- Bands (apps/server/src/services/faces/face-bands.ts): auto ≤ ${FACE_BANDS.autoMax} keeps ${pct(rate(same, FACE_BANDS.autoMax))}
  of true pairs with ${pct(rate(different, FACE_BANDS.autoMax))} false; up to the ask limit ${FACE_BANDS.askMax}:
  ${pct(rate(same, FACE_BANDS.askMax))} true, ${pct(rate(different, FACE_BANDS.askMax))} false (asked, never shown
  without a yes). Faces under ${FACE_BANDS.minReliablePx} px are asked about, never auto.
- Several selfies (each labelled group face against the best of its person's 5 selfies): ${pct(multi.auto / multi.faces)}
  of ${multi.faces} faces auto, ${pct(multi.ask / multi.faces)} auto or asked (one selfie at a time: ${pct(single.auto / single.n)} auto,
  ${pct(single.ask / single.n)} auto or asked). Against the ${multi.others} labelled faces of other people the best of
  a person's selfies is auto ${multi.falseAuto} times and asked ${multi.falseAsk - multi.falseAuto} times.

Per person: which group photos go into the album (auto) and which are asked about, with one selfie
and with all five. With five selfies: ${wrongInAlbum} photo(s) of someone else in an album, ${missed} photo(s)
of the person neither shown nor asked.

| person | selfies | in photos (labels) | album | asked | wrong in album |
|---|---:|---|---|---|---|
${perPerson.join('\n')}`,
);
process.exit(0);
