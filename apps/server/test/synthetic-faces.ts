/**
 * Synthetic face descriptors shaped like real ones (unit-length 128-d vectors; one person's faces
 * within ~0.3–0.5 of each other, different people ≥ ~0.9 apart), for index tests and benchmarks
 * at sizes no labelled set reaches. Seeded: the same seed gives the same faces.
 */
export function syntheticFaces(seed: number) {
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const normalise = (v: Float32Array) => {
    let n = 0;
    for (const x of v) n += x * x;
    n = Math.sqrt(n);
    for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / n;
    return v;
  };
  return {
    /** A new person: the centre their faces scatter around. */
    person(): Float32Array {
      return normalise(Float32Array.from({ length: 128 }, gaussian));
    },
    /** One face of that person: the centre moved by about `spread` in a random direction. */
    face(person: Float32Array, spread = 0.25): Float32Array {
      const noise = Float32Array.from({ length: 128 }, () => (gaussian() * spread) / Math.sqrt(128));
      return normalise(person.map((x, i) => x + (noise[i] as number)));
    },
  };
}
