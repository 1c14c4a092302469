/**
 * A 199-byte WebAssembly SIMD kernel (hand-assembled, no toolchain needed) for the 1:N scan:
 * `sq(q, data, rows, out)` writes out[r] = Σ (data[r][k] - q[k])² for the 128-d rows of `data`.
 * All arguments are byte offsets into the memory the caller passes in. Plain JS did the same scan of
 * 100k templates in 7-13 ms of CPU; this takes about 3 ms (bench/face/match-bench.ts).
 */

const I32 = 0x7f;
const V128 = 0x7b;
const simd = (op: number) => (op < 0x80 ? [0xfd, op] : [0xfd, (op & 0x7f) | 0x80, op >> 7]);
const LOAD = [...simd(0x00), 2, 0]; // v128.load align=4 offset=0
const F32X4_ADD = simd(0xe4);
const F32X4_SUB = simd(0xe5);
const F32X4_MUL = simd(0xe6);
const lane = (i: number) => [...simd(0x1f), i]; // f32x4.extract_lane
const get = (i: number) => [0x20, i];
const set = (i: number) => [0x21, i];
const tee = (i: number) => [0x22, i];
const i32 = (n: number) => [0x41, ...(n < 64 ? [n] : [(n & 0x7f) | 0x80, n >> 7])]; // small non-negative only

// params: 0 q, 1 data, 2 rows, 3 out; locals: 4 r, 5 k, 6 p (i32), 7 acc, 8 d (v128)
const [Q, DATA, ROWS, OUT, R, K, P, ACC, D] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const body = [
  ...[2, 3, I32, 2, V128], // locals
  ...get(DATA),
  ...set(P),
  ...[0x02, 0x40], // block
  ...[0x03, 0x40], //   loop (rows)
  ...get(R),
  ...get(ROWS),
  0x4f, // i32.ge_u
  ...[0x0d, 1], // br_if block
  ...[...simd(0x0c), ...new Array(16).fill(0)], // v128.const 0
  ...set(ACC),
  ...i32(0),
  ...set(K),
  ...[0x03, 0x40], //     loop (k)
  ...get(P),
  ...get(K),
  0x6a,
  ...LOAD,
  ...get(Q),
  ...get(K),
  0x6a,
  ...LOAD,
  ...F32X4_SUB,
  ...tee(D),
  ...get(D),
  ...F32X4_MUL,
  ...get(ACC),
  ...F32X4_ADD,
  ...set(ACC),
  ...get(K),
  ...i32(16),
  0x6a,
  ...tee(K),
  ...i32(512),
  0x49, // i32.lt_u
  ...[0x0d, 0], // br_if loop (k)
  0x0b, //     end
  ...get(OUT),
  ...get(R),
  ...i32(2),
  0x74, // i32.shl
  0x6a,
  ...get(ACC),
  ...lane(0),
  ...get(ACC),
  ...lane(1),
  0x92, // f32.add
  ...get(ACC),
  ...lane(2),
  0x92,
  ...get(ACC),
  ...lane(3),
  0x92,
  ...[0x38, 2, 0], // f32.store
  ...get(P),
  ...i32(512),
  0x6a,
  ...set(P),
  ...get(R),
  ...i32(1),
  0x6a,
  ...set(R),
  ...[0x0c, 0], // br loop (rows)
  0x0b, //   end
  0x0b, // end block
  0x0b, // end function
];

const section = (id: number, content: number[]) => [id, ...uleb(content.length), ...content];
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}
const name = (s: string) => [s.length, ...Buffer.from(s)];

export const KERNEL_BYTES = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...section(1, [1, 0x60, 4, I32, I32, I32, I32, 0]), // type: (i32 x4) -> ()
  ...section(2, [1, ...name('env'), ...name('mem'), 0x02, 0x00, 1]), // import memory, min 1 page
  ...section(3, [1, 0]), // one function of type 0
  ...section(7, [1, ...name('sq'), 0x00, 0]), // export "sq"
  ...section(10, [1, ...uleb(body.length), ...body]),
]);

/** The part of the WebAssembly API used here (the project's TypeScript libs do not declare it). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
export const WASM_PAGE = 65536;

export const createMemory = (pages: number): WasmMemory => new wasm.Memory({ initial: pages });

let compiled: object | undefined;

/** The scan bound to one memory. */
export function squaredDistanceKernel(memory: WasmMemory): (q: number, data: number, rows: number, out: number) => void {
  compiled ??= new wasm.Module(KERNEL_BYTES);
  const instance = new wasm.Instance(compiled, { env: { mem: memory } });
  return instance.exports.sq as (q: number, data: number, rows: number, out: number) => void;
}
