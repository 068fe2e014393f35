import type { Db } from '../../db/db.ts';
import { JobRuns, type Job, type JobRunListener } from '../../jobs/jobs-runner.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { claimRecipients, markAttemptFailed, markDelivered, type ClaimedRecipient } from './notification-repository.ts';

export interface WorkerOptions {
  /** Recipients claimed per batch. */
  batchSize?: number;
  /** How often the worker looks for pending recipients when nobody kicks it. */
  pollMs?: number;
  /** How long a claimed recipient stays with this process before another may take it over. */
  leaseSeconds?: number;
  /** Attempts before a recipient is given up (failed_at). */
  maxAttempts?: number;
  /** E-mails handed over at the same time within a batch. */
  concurrency?: number;
  onError?: (error: unknown) => void;
}

/**
 * Delivers pending notification recipients (decision 0321).
 * A batch is claimed in one short statement (FOR UPDATE SKIP LOCKED, so processes sharing a
 * database never take the same rows) that leases it: next_attempt_at moves lease seconds ahead
 * and attempts counts up. Each e-mail is then sent outside any transaction and its row marked
 * delivered. A process that stops mid-batch leaves rows that come back when their lease ends,
 * so nobody is lost; a crash between the SMTP hand-over and the mark can send that one e-mail
 * twice (at least once). A failure waits 30 s x attempts; after maxAttempts it is given up.
 * The worker is the job `notifications`: once started it polls every pollMs and drains at once
 * when kicked; not started (a test that does not start it), a kick does nothing and runOnce()
 * delivers what is pending.
 */
export class NotificationWorker implements Job {
  readonly name = 'notifications';
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly runs = new JobRuns(this.name);
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly leaseSeconds: number;
  private readonly maxAttempts: number;
  private readonly concurrency: number;
  private readonly db: Db;
  private readonly mailer: Mailer;
  private readonly onError: (error: unknown) => void;

  constructor(db: Db, mailer: Mailer, options: WorkerOptions = {}) {
    this.db = db;
    this.mailer = mailer;
    this.batchSize = options.batchSize ?? 100;
    this.pollMs = options.pollMs ?? 2000;
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.concurrency = options.concurrency ?? 8;
    this.onError = options.onError ?? (() => undefined);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for work now (after a send commits) instead of at the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling and waits for the batch in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.runs
        .track(() => this.drain(() => this.stopped))
        .then(() => undefined, (error: unknown) => this.onError(error))
        .finally(() => {
          this.running = null;
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? 0 : this.pollMs);
        });
    }, ms);
    this.timer.unref?.();
  }

  /** Delivers batch after batch until nothing is pending; answers how many were claimed. */
  runOnce(): Promise<number> {
    return this.runs.track(() => this.drain(() => false));
  }

  onRun(listener: JobRunListener): void {
    this.runs.listen(listener);
  }

  /** Batch after batch until nothing is pending or `stopped()` says so. */
  private async drain(stopped: () => boolean): Promise<number> {
    let total = 0;
    for (;;) {
      if (stopped()) return total;
      const n = await this.deliverBatch();
      total += n;
      if (n < this.batchSize) return total;
    }
  }

  /** Claims and delivers one batch; answers how many were claimed. */
  async deliverBatch(limit = this.batchSize): Promise<number> {
    const claimed = await claimRecipients(this.db, limit, this.leaseSeconds);
    // a few e-mails at a time: an SMTP hand-over is a connection each, mostly waiting
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) await this.deliver(claimed[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, claimed.length) }, lane));
    return claimed.length;
  }

  private async deliver(c: ClaimedRecipient): Promise<void> {
    try {
      await this.mailer.send(this.db, { to: c.email, subject: c.subject, text: c.content });
      await markDelivered(this.db, c.notification_id, c.user_id);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const giveUp = c.attempts >= this.maxAttempts;
      await markAttemptFailed(this.db, c.notification_id, c.user_id, { message, retryInSeconds: 30 * c.attempts, giveUp });
    }
  }
}
