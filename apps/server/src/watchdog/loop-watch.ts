import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { CALL_SLOTS, LoopState, type WatchdogData } from './loop-state.ts';

/**
 * The event loop's side of the watchdog (decision 0937), one per application: a heartbeat that moves
 * a counter in shared memory, the calls in flight written beside it, and the blocks it measures
 * (a heartbeat that came late by BLOCK_MS or more: the metrics' histogram). `startWatchdog` adds the
 * thread that ends the process when the heartbeat stands still too long; server.ts starts it, the
 * tests' servers only when asked.
 */

/** A heartbeat this late or later counts as a block of the event loop (metrics). */
const BLOCK_MS = 100;
const HEARTBEAT_MS = 250;

const CALLS_HOOK = Symbol('loop watch calls hook');

export type LoopBlockListener = (seconds: number) => void;

/** What the watchdog reports of itself to the process that started it (its log). */
export interface WatchdogLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export class LoopWatch {
  private readonly state = new LoopState();
  private timer: NodeJS.Timeout | null = null;
  private worker: Worker | null = null;
  private listener: LoopBlockListener | null = null;
  private expected = 0;
  /** One release function per slot (and one for an untracked call), made once: a call allocates no closure. */
  private readonly releases: Array<() => void>;
  private readonly releaseUntracked = () => this.state.release(-1);

  constructor() {
    this.releases = Array.from({ length: CALL_SLOTS }, (_, slot) => () => this.state.release(slot));
  }

  /** Starts the heartbeat (idempotent); it keeps no process alive. */
  start(): void {
    if (this.timer) return;
    this.expected = performance.now() + HEARTBEAT_MS;
    this.timer = setInterval(() => {
      this.state.beat();
      const now = performance.now();
      const late = now - this.expected;
      this.expected = now + HEARTBEAT_MS;
      if (late >= BLOCK_MS) this.listener?.(late / 1000);
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Who hears of each block of the event loop, in seconds (the metrics). */
  onBlock(listener: LoopBlockListener): void {
    this.listener = listener;
  }

  /**
   * Starts the watchdog thread: once the heartbeat has stood still for `limitSeconds`, it logs the
   * calls in flight and ends the process (SIGKILL). 0: no watchdog.
   */
  startWatchdog(limitSeconds: number, log: WatchdogLog): void {
    if (limitSeconds <= 0 || this.worker) return;
    this.start();
    const limitMs = limitSeconds * 1000;
    const data: WatchdogData = { buffer: this.state.buffer, limitMs, heartbeatMs: HEARTBEAT_MS, checkMs: Math.max(20, Math.min(HEARTBEAT_MS, limitMs / 4)) };
    const worker = new Worker(new URL('./watchdog-worker.ts', import.meta.url), { workerData: data });
    worker.unref();
    worker.on('error', (error) => log.warn({ err: error }, 'the event loop watchdog failed: the process runs without it'));
    this.worker = worker;
  }

  /** Stops the heartbeat and the watchdog thread. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  /**
   * Writes every call of `app` into the shared memory while it is in flight (register before any
   * route): each route gets an onRequest hook holding its label, so no call reads `routeOptions`; the
   * slot is freed when the response closes (answered or cut).
   */
  watchCalls(app: FastifyInstance): void {
    app.addHook('onRoute', (route: RouteOptions) => {
      const labels = new Map<string, Uint8Array>();
      const hook: onRequestHookHandler = (req: FastifyRequest, reply: FastifyReply, done) => {
        let label = labels.get(req.method);
        if (!label) labels.set(req.method, (label = this.state.label(req.method, route.url)));
        const slot = this.state.claim(label, req.id, Date.now());
        reply.raw.on('close', slot < 0 ? this.releaseUntracked : this.releases[slot]!);
        done();
      };
      const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      // a route's options may come through twice (its HEAD twin): one hook per route
      if (existing.some((h) => CALLS_HOOK in h)) return;
      route.onRequest = [Object.assign(hook, { [CALLS_HOOK]: true }), ...existing];
    });
  }
}
