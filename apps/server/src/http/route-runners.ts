import type { AuditAction } from '@aurum/domain/audit/classifications';
import { AppError, refusalAuditOf } from './app-error.ts';
import { AuditRecording } from './audit-recording.ts';
import { claimKey, storeAnswer, type KeyClaim } from './idempotency.ts';
import { UndoStack } from './undo-stack.ts';
import type { Db, Queryable } from '../db/db.ts';
import { isConnectionError } from '../db/connection-errors.ts';

/**
 * The three modes of route()'s handler: plain (no audit row), batch (each item in its own
 * transaction with its own row, then the batch's row) and audited (the change and its row in one
 * transaction). They share the call's recorder and undo stack.
 */

/** One item of a batch: its transaction, its audit row, the undo of its outside effects (route.ts ItemContext). */
export interface ItemHands {
  db: Queryable;
  audit: AuditRecording['recorder'];
  onRollback: UndoStack['push'];
}

/** An item's reference in its batch and what the request asks of it (route.ts ItemIdentity). */
export interface ItemKey {
  ref: string;
  request: unknown;
}

/** A batch's runner of one item (route.ts ItemRunner). */
export type ItemRun = <T>(action: AuditAction, fn: (item: ItemHands) => Promise<T>, identity?: ItemKey) => Promise<T>;

/**
 * The Idempotency-Key of an opted-in call that sent one: its claim for the call (part null) or for
 * one item of a batch (part: the item's reference), and what the call asks.
 */
export interface OnceRun {
  claim(part: string | null, request: unknown): KeyClaim;
  request: unknown;
  /** Counts a replay (the metrics). */
  replayed(): void;
}

/** What a runner hands the handler besides its database. */
export interface RunHands {
  eachItem: ItemRun | null;
  beforeCommit(step: () => Promise<void>): void;
}

/** One call of a route's handler, as its runner gets it from route(). */
export interface HandlerRun<R> {
  db: Db;
  /** The call's Idempotency-Key claim when its route is `idempotent` and it sent a key; else null. */
  once: OnceRun | null;
  recording: AuditRecording;
  undo: UndoStack;
  /** Writes one audit row inside `q`, as the call's actor. */
  write(q: Queryable, action: AuditAction, detail: Record<string, unknown>): Promise<void>;
  handler(db: Queryable, hands: RunHands): Promise<R>;
}

/** Outside an audited transaction a last step runs when registered, and is awaited with the answer. */
function stepsAtOnce() {
  const steps: Array<Promise<void>> = [];
  return {
    beforeCommit(step: () => Promise<void>): void {
      const running = step();
      // when the handler fails first, its error is the answer: this step's failure must not surface
      // as an unhandled rejection (which ends the process)
      running.catch(() => undefined);
      steps.push(running);
    },
    settled: () => Promise.all(steps),
  };
}

/**
 * Whether a failed transaction may still have committed: its work was done (the callback returned),
 * so the failure came at the COMMIT, and the connection went away, so its answer never came back.
 * Its outside effects (a stored receipt) are then kept: a committed change must not lose its file;
 * at worst a change that did not commit leaves a file no row names. The client's retry with its
 * Idempotency-Key finds out which (docs/decisions/0560).
 */
const commitInDoubt = (workDone: boolean, error: unknown) => workDone && isConnectionError(error);

/** A refusal the rules audit (the coverage rule): its row, in its own transaction, outlives the rolled-back change. */
async function auditRefusal(run: HandlerRun<unknown>, error: unknown): Promise<void> {
  const refusal = refusalAuditOf(error);
  if (refusal) await run.db.transaction((tx) => run.write(tx, refusal.action, refusal.detail));
}

/** A route without an audit row: the handler on the database, its outside effects undone when it fails. */
export async function runPlain<R>(run: HandlerRun<R>): Promise<R> {
  const steps = stepsAtOnce();
  try {
    const answer = await run.handler(run.db, { eachItem: null, beforeCommit: steps.beforeCommit });
    await steps.settled();
    return answer;
  } catch (error) {
    await run.undo.rollBack();
    throw error;
  }
}

/** One item of a batch: its own transaction (run again after a deadlock) with its own audit row. */
async function runItem<T>(run: HandlerRun<unknown>, action: AuditAction, fn: (item: ItemHands) => Promise<T>, identity?: ItemKey): Promise<T> {
  const recording = new AuditRecording(null, { fixedActor: true });
  const undo = new UndoStack();
  // a batch's key is claimed per item: each item commits on its own
  const claim = run.once && identity ? run.once.claim(identity.ref, identity.request) : null;
  let replayed = false;
  let workDone = false;
  try {
    const answer = await run.db.transaction(async (tx) => {
      await undo.rollBack();
      recording.reset();
      replayed = false;
      workDone = false;
      const first = claim ? await claimKey(tx, claim) : null;
      if (first && !first.first) {
        replayed = true;
        recording.recorder.note('idempotentReplay', true);
        await run.write(tx, action, recording.detail);
        return first.answer as T;
      }
      const result = await fn({ db: tx, audit: recording.recorder, onRollback: undo.push });
      if (claim) await storeAnswer(tx, claim, result);
      await run.write(tx, action, recording.detail);
      workDone = true;
      return result;
    });
    if (replayed) run.once?.replayed();
    return answer;
  } catch (error) {
    if (!commitInDoubt(workDone, error)) await undo.rollBack();
    await auditRefusal(run, error);
    throw error;
  }
}

/** A batch: the handler outside any transaction decides each item with eachItem; the items commit one by one, the batch's own row follows. */
export async function runBatch<R>(run: HandlerRun<R>, action: AuditAction): Promise<R> {
  let started = false;
  const eachItem: ItemRun = (itemAction, fn, identity) => {
    started = true;
    return runItem(run, itemAction, fn, identity);
  };
  const steps = stepsAtOnce();
  try {
    const answer = await run.handler(run.db, { eachItem, beforeCommit: steps.beforeCommit });
    await steps.settled();
    return answer;
  } catch (error) {
    await run.undo.rollBack();
    if (error instanceof AppError) run.recording.detail.code = error.code;
    throw error;
  } finally {
    if (started) await run.db.transaction((tx) => run.write(tx, action, run.recording.detail));
  }
}

/**
 * A change: the handler and its audit row are one transaction, which Db.transaction runs again after
 * a deadlock (40P01) or serialization failure (40001), each run from a clean slate. `auditFailure`
 * is written in its own transaction when the handler fails with a client error.
 */
export async function runAudited<R>(run: HandlerRun<R>, action: AuditAction, auditFailure?: AuditAction): Promise<R> {
  // the last steps of the transaction (beforeCommit): after the handler, before the audit row
  let lastSteps: Array<() => Promise<void>> = [];
  const beforeCommit = (step: () => Promise<void>) => void lastSteps.push(step);
  // the key, the change, its stored answer and the audit row commit together (or none of them)
  const claim = run.once ? run.once.claim(null, run.once.request) : null;
  let replayed = false;
  let workDone = false;
  try {
    const answer = await run.db.transaction(async (tx) => {
      await run.undo.rollBack();
      run.recording.reset();
      lastSteps = [];
      replayed = false;
      workDone = false;
      const first = claim ? await claimKey(tx, claim) : null;
      if (first && !first.first) {
        replayed = true;
        run.recording.recorder.note('idempotentReplay', true);
        await run.write(tx, action, run.recording.detail);
        return first.answer as R;
      }
      const result = await run.handler(tx, { eachItem: null, beforeCommit });
      for (const step of lastSteps) await step();
      if (claim) await storeAnswer(tx, claim, result);
      await run.write(tx, action, run.recording.detail);
      workDone = true;
      return result;
    });
    if (replayed) run.once?.replayed();
    return answer;
  } catch (error) {
    if (!commitInDoubt(workDone, error)) await run.undo.rollBack();
    await auditRefusal(run, error);
    if (auditFailure && error instanceof AppError && error.status < 500) {
      await run.db.transaction((tx) => run.write(tx, auditFailure, { ...run.recording.detail, code: error.code }));
    }
    throw error;
  }
}
