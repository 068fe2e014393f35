/**
 * Preloaded into a measured process (`node --import ./bench/support/memory-probe.ts ...`): every
 * 250 ms it writes to stderr where its memory is,
 *   MEM {"rss":..,"heapUsed":..,"heapTotal":..,"external":..,"arrayBuffers":..,"wasm":..}
 * in MB; `wasm` is the size of every live WebAssembly.Memory (PGlite's PostgreSQL heap), which
 * it tracks by wrapping the constructor.
 */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
type WasmMemoryClass = new (descriptor: { initial: number; maximum?: number; shared?: boolean }) => WasmMemory;
/** The global WebAssembly (the tools' TypeScript settings have no DOM or WebAssembly types). */
const wasmGlobal = (globalThis as unknown as { WebAssembly: { Memory: WasmMemoryClass } }).WebAssembly;

const memories: Array<WeakRef<WasmMemory>> = []; // weak: a memory dropped by its owner may be collected
const Original = wasmGlobal.Memory;
class TrackedMemory extends Original {
  constructor(descriptor: ConstructorParameters<WasmMemoryClass>[0]) {
    super(descriptor);
    memories.push(new WeakRef(this));
  }
}
Object.defineProperty(wasmGlobal, 'Memory', { value: TrackedMemory, writable: true, configurable: true });

const MB = 1024 * 1024;
setInterval(() => {
  const m = process.memoryUsage();
  const live = memories.map((r) => r.deref()).filter((memory) => memory !== undefined);
  const wasm = live.reduce((sum, memory) => sum + memory.buffer.byteLength, 0);
  const mb = (n: number) => Math.round((n / MB) * 10) / 10;
  process.stderr.write(
    `MEM ${JSON.stringify({ rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), wasm: mb(wasm), wasmCount: live.length })}\n`,
  );
}, 250).unref();
