import type { AuditAction } from '@aurum/domain/audit/classifications';
import { AppError, refusalAuditOf } from './app-error.ts';
import { AuditRecording } from './audit-recording.ts';
import { UndoStack } from './undo-stack.ts';
import type { Db, Queryable } from '../db/db.ts';

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

/** A batch's runner of one item (route.ts ItemRunner). */
export type ItemRun = <T>(action: AuditAction, fn: (item: ItemHands) => Promise<T>) => Promise<T>;

/** What a runner hands the handler besides its database. */
export interface RunHands {
  eachItem: ItemRun | null;
  beforeCommit(step: () => Promise<void>): void;
}

/** One call of a route's handler, as its runner gets it from route(). */
export interface HandlerRun<R> {
  db: Db;
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
async function runItem<T>(run: HandlerRun<unknown>, action: AuditAction, fn: (item: ItemHands) => Promise<T>): Promise<T> {
  const recording = new AuditRecording(null, { fixedActor: true });
  const undo = new UndoStack();
  try {
    return await run.db.transaction(async (tx) => {
      await undo.rollBack();
      recording.reset();
      const result = await fn({ db: tx, audit: recording.recorder, onRollback: undo.push });
      await run.write(tx, action, recording.detail);
      return result;
    });
  } catch (error) {
    await undo.rollBack();
    await auditRefusal(run, error);
    throw error;
  }
}

/** A batch: the handler outside any transaction decides each item with eachItem; the items commit one by one, the batch's own row follows. */
export async function runBatch<R>(run: HandlerRun<R>, action: AuditAction): Promise<R> {
  let started = false;
  const eachItem: ItemRun = (itemAction, fn) => {
    started = true;
    return runItem(run, itemAction, fn);
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
  try {
    return await run.db.transaction(async (tx) => {
      await run.undo.rollBack();
      run.recording.reset();
      lastSteps = [];
      const result = await run.handler(tx, { eachItem: null, beforeCommit });
      for (const step of lastSteps) await step();
      await run.write(tx, action, run.recording.detail);
      return result;
    });
  } catch (error) {
    await run.undo.rollBack();
    await auditRefusal(run, error);
    if (auditFailure && error instanceof AppError && error.status < 500) {
      await run.db.transaction((tx) => run.write(tx, auditFailure, { ...run.recording.detail, code: error.code }));
    }
    throw error;
  }
}
