import initWabt from 'wabt';

/** Dimensions of each descriptor the filter keeps, as one signed byte each. */
export const PREFIX_DIMENSIONS = 64;

/**
 * The filter's inner loop in WebAssembly SIMD: for each row of 64 signed bytes, the squared
 * distance to a query of 64 16-bit integers, and the row's index written out when it is at most
 * `threshold`. Eight dimensions per instruction is what lets one core pass over a million faces in
 * a few milliseconds; plain JavaScript managed about 1 dimension per nanosecond.
 * Sums stay far inside 32 bits: |difference| ≤ 382, so a lane holds at most 16 × 382² ≈ 2.3 M.
 */
const KERNEL_WAT = `
(module
  (memory (export "memory") 1)
  (func (export "filter")
    (param $rows i32) (param $count i32) (param $query i32) (param $threshold i32) (param $out i32)
    (result i32)
    (local $end i32) (local $found i32) (local $index i32) (local $v v128) (local $d v128) (local $acc v128)
    (local $q0 v128) (local $q1 v128) (local $q2 v128) (local $q3 v128)
    (local $q4 v128) (local $q5 v128) (local $q6 v128) (local $q7 v128)
    (local.set $q0 (v128.load offset=0 (local.get $query)))
    (local.set $q1 (v128.load offset=16 (local.get $query)))
    (local.set $q2 (v128.load offset=32 (local.get $query)))
    (local.set $q3 (v128.load offset=48 (local.get $query)))
    (local.set $q4 (v128.load offset=64 (local.get $query)))
    (local.set $q5 (v128.load offset=80 (local.get $query)))
    (local.set $q6 (v128.load offset=96 (local.get $query)))
    (local.set $q7 (v128.load offset=112 (local.get $query)))
    (local.set $end (i32.add (local.get $rows) (i32.mul (local.get $count) (i32.const 64))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $rows) (local.get $end)))
        (local.set $v (v128.load offset=0 (local.get $rows)))
        (local.set $d (i16x8.sub (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q0)))
        (local.set $acc (i32x4.dot_i16x8_s (local.get $d) (local.get $d)))
        (local.set $d (i16x8.sub (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q1)))
        (local.set $acc (i32x4.add (local.get $acc) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
        (local.set $v (v128.load offset=16 (local.get $rows)))
        (local.set $d (i16x8.sub (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q2)))
        (local.set $acc (i32x4.add (local.get $acc) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
        (local.set $d (i16x8.sub (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q3)))
        (local.set $acc (i32x4.add (local.get $acc) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
        (local.set $v (v128.load offset=32 (local.get $rows)))
        (local.set $d (i16x8.sub (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q4)))
        (local.set $acc (i32x4.add (local.get $acc) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
        (local.set $d (i16x8.sub (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q5)))
        (local.set $acc (i32x4.add (local.get $acc) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
        (local.set $v (v128.load offset=48 (local.get $rows)))
        (local.set $d (i16x8.sub (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q6)))
        (local.set $acc (i32x4.add (local.get $acc) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
        (local.set $d (i16x8.sub (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q7)))
        (local.set $acc (i32x4.add (local.get $acc) (i32x4.dot_i16x8_s (local.get $d) (local.get $d))))
        (if (i32.le_s
              (i32.add
                (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
                (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc))))
              (local.get $threshold))
          (then
            (i32.store (i32.add (local.get $out) (i32.shl (local.get $found) (i32.const 2))) (local.get $index))
            (local.set $found (i32.add (local.get $found) (i32.const 1)))))
        (local.set $index (i32.add (local.get $index) (i32.const 1)))
        (local.set $rows (i32.add (local.get $rows) (i32.const 64)))
        (br $next)))
    (local.get $found)))
`;

/** The part of the WebAssembly API used here (the project's type libraries carry no WebAssembly). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object): Promise<{ exports: object }>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

export interface PrefixKernel {
  memory: WasmMemory;
  filter(rows: number, count: number, query: number, threshold: number, out: number): number;
}

let compiled: Promise<object> | undefined;

/** The kernel compiled once per process (wabt assembles the text above; nothing is downloaded). */
async function kernelModule(): Promise<object> {
  compiled ??= (async () => {
    const wabt = await initWabt();
    const parsed = wabt.parseWat('prefix-filter.wat', KERNEL_WAT, { simd: true });
    try {
      parsed.validate();
      return await wasm.compile(parsed.toBinary({}).buffer);
    } finally {
      parsed.destroy();
    }
  })();
  return compiled;
}

/** A kernel with its own memory, which holds one event's rows. */
export async function newPrefixKernel(): Promise<PrefixKernel> {
  const instance = await wasm.instantiate(await kernelModule());
  return instance.exports as unknown as PrefixKernel;
}
