/**
 * What the main thread tells the watchdog thread (decision 0937), in memory the two share: a
 * heartbeat counter the event loop moves, and the calls in flight (method and route template,
 * request id, when each began). A worker cannot read the main thread's heap, and a blocked main
 * thread cannot answer a message: shared memory is the one thing the watchdog can still read.
 *
 * Only the main thread writes; the watchdog reads. A slot's fields are written before its `used`
 * flag is set (an atomic store), so a reader that sees the flag sees the fields.
 */

/** Calls tracked at once; more are counted, not named. */
export const CALL_SLOTS = 64;
const LABEL_BYTES = 160;
const ID_BYTES = 32;

/** Int32 cells of the header: the heartbeat, and the calls in flight beyond the slots. */
const BEATS = 0;
const UNTRACKED = 1;
const HEADER_CELLS = 2;

/** What the watchdog thread is started with: the shared memory, the limit, how often the loop beats and the watchdog looks. */
export interface WatchdogData {
  buffer: SharedArrayBuffer;
  limitMs: number;
  heartbeatMs: number;
  checkMs: number;
}

export interface CallInFlight {
  /** `GET /v0/web/secure/finance/pnl`: the method and the route template. */
  call: string;
  requestId: string;
  /** Epoch milliseconds. */
  startedAt: number;
}

export class LoopState {
  readonly buffer: SharedArrayBuffer;
  private readonly header: Int32Array;
  private readonly used: Int32Array;
  private readonly lengths: Int32Array;
  private readonly startedAt: Float64Array;
  private readonly labels: Uint8Array;
  private readonly ids: Uint8Array;
  private readonly encoder = new TextEncoder();
  /** Main thread: where the next claim starts looking. */
  private next = 0;

  constructor(buffer?: SharedArrayBuffer) {
    const int32s = HEADER_CELLS + CALL_SLOTS * 3;
    const bytes = int32s * 4 + CALL_SLOTS * 8 + CALL_SLOTS * (LABEL_BYTES + ID_BYTES);
    this.buffer = buffer ?? new SharedArrayBuffer(bytes);
    let at = 0;
    const take = <T>(make: (offset: number) => T, size: number): T => {
      const view = make(at);
      at += size;
      return view;
    };
    this.header = take((o) => new Int32Array(this.buffer, o, HEADER_CELLS), HEADER_CELLS * 4);
    this.used = take((o) => new Int32Array(this.buffer, o, CALL_SLOTS), CALL_SLOTS * 4);
    // label length, then id length, per slot
    this.lengths = take((o) => new Int32Array(this.buffer, o, CALL_SLOTS * 2), CALL_SLOTS * 8);
    this.startedAt = take((o) => new Float64Array(this.buffer, o, CALL_SLOTS), CALL_SLOTS * 8);
    this.labels = take((o) => new Uint8Array(this.buffer, o, CALL_SLOTS * LABEL_BYTES), CALL_SLOTS * LABEL_BYTES);
    this.ids = take((o) => new Uint8Array(this.buffer, o, CALL_SLOTS * ID_BYTES), CALL_SLOTS * ID_BYTES);
  }

  /** Main thread: the event loop turned (the watchdog sees the counter move). */
  beat(): void {
    Atomics.add(this.header, BEATS, 1);
  }

  beats(): number {
    return Atomics.load(this.header, BEATS);
  }

  /** The bytes of a call's label, made once per route and method (a claim copies them). */
  label(method: string, route: string): Uint8Array {
    return this.encoder.encode(`${method} ${route}`).subarray(0, LABEL_BYTES);
  }

  /** Main thread: a call began; its slot (to release), or -1 when every slot is taken (counted only). */
  claim(label: Uint8Array, requestId: string, now: number): number {
    for (let i = 0; i < CALL_SLOTS; i++) {
      const slot = (this.next + i) % CALL_SLOTS;
      if (this.used[slot] !== 0) continue;
      this.labels.set(label, slot * LABEL_BYTES);
      this.lengths[slot * 2] = label.length;
      const id = this.ids.subarray(slot * ID_BYTES, (slot + 1) * ID_BYTES);
      this.lengths[slot * 2 + 1] = this.encoder.encodeInto(requestId, id).written;
      this.startedAt[slot] = now;
      Atomics.store(this.used, slot, 1);
      this.next = (slot + 1) % CALL_SLOTS;
      return slot;
    }
    Atomics.add(this.header, UNTRACKED, 1);
    return -1;
  }

  /** Main thread: the call of a slot ended. */
  release(slot: number): void {
    if (slot < 0) Atomics.sub(this.header, UNTRACKED, 1);
    else Atomics.store(this.used, slot, 0);
  }

  /** The calls in flight, oldest first, and how many more there are than slots. */
  calls(): { calls: CallInFlight[]; untracked: number } {
    const decoder = new TextDecoder();
    const calls: CallInFlight[] = [];
    for (let slot = 0; slot < CALL_SLOTS; slot++) {
      if (Atomics.load(this.used, slot) === 0) continue;
      // slice copies out of the shared buffer (a decoder reads no shared memory)
      const label = this.labels.slice(slot * LABEL_BYTES, slot * LABEL_BYTES + this.lengths[slot * 2]!);
      const id = this.ids.slice(slot * ID_BYTES, slot * ID_BYTES + this.lengths[slot * 2 + 1]!);
      calls.push({ call: decoder.decode(label), requestId: decoder.decode(id), startedAt: this.startedAt[slot]! });
    }
    return { calls: calls.sort((a, b) => a.startedAt - b.startedAt), untracked: Math.max(0, Atomics.load(this.header, UNTRACKED)) };
  }
}
