import { newPrefixKernel, PREFIX_DIMENSIONS, type PrefixKernel } from './prefix-filter-kernel';

const QUERY_OFFSET = 0;
const ROWS_OFFSET = 128;
const PAGE = 65_536;
/** Query components past the event's range are clamped here, still far from 16-bit overflow. */
const QUERY_LIMIT = 255;

/**
 * The exact index's first pass: the first 64 dimensions of every face as one signed byte each,
 * scanned in WebAssembly SIMD, which rules out every face that cannot be within the distance.
 * It never rules out a face that is: the quantisation errors of the row (largest over the event)
 * and of the query are added to the distance before comparing (triangle inequality), and the
 * distance over 64 dimensions is never more than over all 128. Survivors, a few per thousand
 * faces, are then measured in full from the float descriptors.
 */
export class PrefixFilter {
  /** Quantisation units per descriptor unit, from the largest component seen. */
  private scale = 0;
  /** The largest distance, over the prefix, between any row and its quantised form. */
  private error = 0;
  private size = 0;

  private constructor(private readonly kernel: PrefixKernel) {}

  static async create(): Promise<PrefixFilter> {
    return new PrefixFilter(await newPrefixKernel());
  }

  /** Takes in rows `this.size … size - 1` of `vectors` (`dimensions` floats per row). */
  update(vectors: Float32Array, size: number, dimensions: number): void {
    if (size < this.size) this.size = 0;
    let largest = 0;
    for (let i = this.size; i < size; i++) {
      for (let k = 0; k < PREFIX_DIMENSIONS; k++) {
        const x = Math.abs(vectors[i * dimensions + k] as number);
        if (x > largest) largest = x;
      }
    }
    let from = this.size;
    if (this.scale === 0 || largest * this.scale > 127) {
      // A larger component than the current scale holds: quantise everything again.
      const range = Math.max(largest, this.scale > 0 ? 127 / this.scale : 0);
      this.scale = range > 0 ? 127 / range : 1;
      this.error = 0;
      from = 0;
    }
    this.ensureMemory(size);
    const rows = new Int8Array(this.kernel.memory.buffer, ROWS_OFFSET, size * PREFIX_DIMENSIONS);
    for (let i = from; i < size; i++) {
      let squared = 0;
      for (let k = 0; k < PREFIX_DIMENSIONS; k++) {
        const x = vectors[i * dimensions + k] as number;
        const q = Math.max(-127, Math.min(127, Math.round(x * this.scale)));
        rows[i * PREFIX_DIMENSIONS + k] = q;
        const e = x - q / this.scale;
        squared += e * e;
      }
      const error = Math.sqrt(squared);
      if (error > this.error) this.error = error;
    }
    this.size = size;
  }

  /** Indexes of the rows that may be within `maxDistance` of `query`, ascending. */
  candidates(query: Float32Array, maxDistance: number): Int32Array {
    if (this.size === 0) return new Int32Array(0);
    const memory = this.kernel.memory.buffer;
    const quantised = new Int16Array(memory, QUERY_OFFSET, PREFIX_DIMENSIONS);
    let squared = 0;
    for (let k = 0; k < PREFIX_DIMENSIONS; k++) {
      const x = query[k] as number;
      const q = Math.max(-QUERY_LIMIT, Math.min(QUERY_LIMIT, Math.round(x * this.scale)));
      quantised[k] = q;
      const e = x - q / this.scale;
      squared += e * e;
    }
    // Widened by a millionth so rounding in this arithmetic can only let more rows through.
    const reach = (maxDistance + this.error + Math.sqrt(squared)) * this.scale * (1 + 1e-6);
    const threshold = Math.min(2 ** 31 - 1, Math.floor(reach * reach));
    const out = ROWS_OFFSET + this.size * PREFIX_DIMENSIONS;
    const found = this.kernel.filter(ROWS_OFFSET, this.size, QUERY_OFFSET, threshold, out);
    return new Int32Array(this.kernel.memory.buffer, out, found).slice();
  }

  private ensureMemory(size: number) {
    const needed = ROWS_OFFSET + size * (PREFIX_DIMENSIONS + 4);
    const have = this.kernel.memory.buffer.byteLength;
    // Half as much again each time, so an event that grows a face at a time is not copied each time.
    if (needed > have) this.kernel.memory.grow(Math.ceil(Math.max(needed - have, have / 2) / PAGE));
  }
}
