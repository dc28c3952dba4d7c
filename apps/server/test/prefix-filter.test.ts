import { describe, expect, it } from 'vitest';
import { exactScan } from '../src/adapters/faces/exact-face-index';
import { PrefixFilter } from '../src/adapters/faces/prefix-filter';
import { syntheticFaces } from './synthetic-faces';

const faces = syntheticFaces(11);

/** Every face within the distance by the full formula, no filter: what the index must answer. */
function naive(vectors: Float32Array[], query: Float32Array, maxDistance: number): number[] {
  return vectors.flatMap((v, i) => {
    let sum = 0;
    for (let k = 0; k < 128; k++) sum += ((v[k] as number) - (query[k] as number)) ** 2;
    return Math.sqrt(sum) <= maxDistance ? [i] : [];
  });
}

function flat(vectors: Float32Array[]): Float32Array {
  const out = new Float32Array(vectors.length * 128);
  for (const [i, v] of vectors.entries()) out.set(v, i * 128);
  return out;
}

describe('the exact index prefix filter', () => {
  it('finds exactly the faces within the distance, at every distance, on faces of any scale', async () => {
    const people = Array.from({ length: 300 }, () => faces.person());
    // Unit-length faces, and faces three times longer: the quantisation adapts to the largest.
    const vectors = people.flatMap((p, n) =>
      [0.15, 0.3, 0.45].map((spread) => faces.face(p, spread).map((x) => (n % 5 === 0 ? x * 3 : x))),
    );
    const entries = vectors.map((descriptor, i) => ({ id: i + 1, mediaId: i + 1, descriptor }));
    for (const maxDistance of [0.3, 0.55, 0.6, 0.9, 1.3]) {
      for (const person of people.slice(0, 40)) {
        const query = faces.face(person, 0.2);
        const hits = await exactScan(entries, [query], maxDistance);
        expect(hits.map((h) => h.faceId - 1).sort((a, b) => a - b)).toEqual(
          naive(vectors, query, maxDistance),
        );
      }
    }
  });

  it('rules out most far faces before measuring them in full', async () => {
    const vectors = Array.from({ length: 5000 }, () => faces.face(faces.person(), 0.3));
    const filter = await PrefixFilter.create();
    filter.update(flat(vectors), vectors.length, 128);
    const candidates = filter.candidates(faces.person(), 0.6);
    expect(candidates.length).toBeLessThan(vectors.length / 20);
  });

  it('keeps answering exactly as rows are appended, including rows that widen its range', async () => {
    const filter = await PrefixFilter.create();
    const people = Array.from({ length: 50 }, () => faces.person());
    const vectors: Float32Array[] = [];
    for (const [round, scale] of [1, 1, 4, 0.5].entries()) {
      for (const p of people) vectors.push(faces.face(p, 0.25).map((x) => x * scale));
      filter.update(flat(vectors), vectors.length, 128);
      for (const p of people.slice(0, 10)) {
        const query = faces.face(p, 0.2);
        const expected = naive(vectors, query, 0.6);
        const candidates = [...filter.candidates(query, 0.6)];
        for (const i of expected) expect(candidates, `round ${round}`).toContain(i);
      }
    }
  });

  it('answers nothing for an empty event and queries far outside its range without overflow', async () => {
    const filter = await PrefixFilter.create();
    expect(filter.candidates(faces.person(), 0.6)).toHaveLength(0);
    const vectors = [faces.person(), faces.person()];
    filter.update(flat(vectors), 2, 128);
    // Far outside the quantised range the filter cannot rule anything out; the full pass still answers right.
    const huge = faces.person().map((x) => x * 1000);
    expect(filter.candidates(huge, 0.6).length).toBeLessThanOrEqual(2);
    const entries = vectors.map((descriptor, i) => ({ id: i + 1, mediaId: i + 1, descriptor }));
    expect(await exactScan(entries, [huge], 0.6)).toEqual([]);
    expect([...filter.candidates(vectors[0] as Float32Array, 0)]).toContain(0);
  });
});
