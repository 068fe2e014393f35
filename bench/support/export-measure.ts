import { Writable } from 'node:stream';

const MB = 1024 * 1024;

/** A sink that counts bytes and lines, with real backpressure (a small buffer, an async write). */
export function sink(): Writable & { bytes: number; lines: number } {
  const w = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _enc, done) {
      out.bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) out.lines++;
      setImmediate(done);
    },
  });
  const out = Object.assign(w, { bytes: 0, lines: 0 });
  return out;
}

export interface Measured<T> {
  result: T;
  /** Wall-clock seconds. */
  seconds: number;
  /** CPU seconds of this process (user + system): PGlite runs in it, so this is the whole work, and it is steadier than wall time on a shared machine. */
  cpu: number;
  peakMb: number;
}

/** Runs fn while sampling RSS every 20 ms: seconds taken (wall and CPU) and the peak RSS above the start (after a GC when --expose-gc). */
export async function measure<T>(fn: () => Promise<T>): Promise<Measured<T>> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  try {
    const result = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    const c = process.cpuUsage(c0);
    return { result, seconds: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6, peakMb: (peak - start) / MB };
  } finally {
    clearInterval(timer);
  }
}
