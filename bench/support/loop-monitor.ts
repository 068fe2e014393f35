/**
 * Preloaded into a measured server (`node --import ./bench/support/loop-monitor.ts ...`): every
 * WINDOW_MS it writes to stderr the longest event-loop delay of that window,
 *   LOOP <epoch ms at the end of the window> <max delay ms>
 * so a bench can tell when the process stalled and for how long (a block of X ms shows as a
 * delay of about X ms), without any change to the server itself.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const WINDOW_MS = 100;
const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
setInterval(() => {
  const max = histogram.max / 1e6;
  histogram.reset();
  process.stderr.write(`LOOP ${Date.now()} ${max.toFixed(1)}\n`);
}, WINDOW_MS).unref();
