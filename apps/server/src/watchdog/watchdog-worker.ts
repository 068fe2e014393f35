import { writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { workerData } from 'node:worker_threads';
import { LoopState, type WatchdogData } from './loop-state.ts';

/**
 * The watchdog thread (decision 0937): it watches the main thread's heartbeat in shared memory and,
 * once the heartbeat has stood still longer than the limit, writes one fatal log line naming the
 * calls in flight and ends the process with SIGKILL, for its supervisor to start it again. A blocked
 * event loop runs no signal handler, no timer and no log write: only another thread can still act.
 */

const { buffer, limitMs, heartbeatMs, checkMs } = workerData as WatchdogData;
const state = new LoopState(buffer);

let beats = state.beats();
let movedAt = Date.now();
let checkedAt = movedAt;

/** Writes a whole line to standard output, retrying a pipe that is momentarily full (this thread may block). */
function writeLine(line: string): void {
  const bytes = Buffer.from(`${line}\n`);
  let written = 0;
  for (let attempt = 0; written < bytes.length && attempt < 200; attempt++) {
    try {
      written += writeSync(1, bytes, written);
    } catch {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

setInterval(() => {
  const now = Date.now();
  const late = now - checkedAt > 4 * checkMs;
  checkedAt = now;
  const seen = state.beats();
  // this thread itself did not run for a while (the process was stopped, the machine suspended): no verdict on that stretch
  if (seen !== beats || late) {
    beats = seen;
    movedAt = now;
    return;
  }
  // the loop beat last at or before movedAt and would have beaten again within heartbeatMs: it has
  // been held at least this long (and the call that holds it is at least that old)
  const heldMs = now - movedAt - heartbeatMs;
  if (heldMs <= limitMs) return;
  const { calls, untracked } = state.calls();
  const blocked = heldMs / 1000;
  writeLine(
    JSON.stringify({
      level: 60,
      time: now,
      pid: process.pid,
      hostname: hostname(),
      msg: `the event loop has been blocked for ${blocked.toFixed(1)} s (limit ${limitMs / 1000} s): ending the process for its supervisor to restart it`,
      blockedSeconds: Number(blocked.toFixed(1)),
      limitSeconds: limitMs / 1000,
      calls: calls.map((c) => ({ call: c.call, requestId: c.requestId, seconds: Number(((now - c.startedAt) / 1000).toFixed(1)) })),
      untrackedCalls: untracked,
    }),
  );
  process.kill(process.pid, 'SIGKILL');
}, checkMs);
