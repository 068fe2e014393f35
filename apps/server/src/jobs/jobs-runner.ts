/**
 * Background jobs (decision 0903): the price feed, the order engine, the
 * notification worker, the socket sweeps. Building the application starts none of them; the
 * process starts its runner once it listens (server.ts), and a test starts only the jobs it relies
 * on or drives one with runOnce(now). This folder is a mechanism: it imports no module, each job
 * is handed in.
 */
export interface Job {
  /** Unique within a runner: what a test names to start it (`jobs: ['priceFeed']`). */
  readonly name: string;
  /** Starts the job's timer; starting a started job does nothing. */
  start(): void;
  /** Stops the timer and waits for the run in hand. */
  stop(): Promise<void>;
  /** One run at once (`now`: the moment it runs at; default the application's clock). */
  runOnce(now?: Date): Promise<unknown>;
  /** Tells `listener` of each later run, timed or by runOnce (the runner's metrics): a JobRuns does it. */
  onRun(listener: JobRunListener): void;
}

/** Told of each ended run of a job: whether it succeeded, and how long it took. */
export type JobRunListener = (job: string, run: { ok: boolean; seconds: number }) => void;

/**
 * The runs of one job as its listeners hear of them: a job passes every run, timed or by runOnce,
 * through `track`, so that no way of running it escapes the count. Without listeners it only runs.
 */
export class JobRuns {
  private readonly listeners: JobRunListener[] = [];
  private readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  listen(listener: JobRunListener): void {
    this.listeners.push(listener);
  }

  async track<T>(run: () => Promise<T> | T): Promise<T> {
    if (this.listeners.length === 0) return run();
    const started = performance.now();
    let ok = false;
    try {
      const result = await run();
      ok = true;
      return result;
    } finally {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of this.listeners) listener(this.name, { ok, seconds });
    }
  }
}

export interface IntervalJobOptions {
  /** Milliseconds between runs; 0 or less: start does nothing (the job is switched off). */
  everyMs: number;
  /** One run; `now` only when runOnce is given one (the timer passes none). */
  run: (now?: Date) => Promise<unknown> | unknown;
  /** Also run at once when started, not only after the first interval. */
  runAtStart?: boolean;
  /** What a failed timed run does (the default forgets it: the next run tries again). */
  onError?: (error: unknown) => void;
  /** After the timer stopped and the run in hand ended (say, handing a lease over). */
  onStop?: () => Promise<void> | void;
}

/**
 * A job that runs every `everyMs` once started, never two timed runs at once: a run still going
 * when the next is due makes that one skip. runOnce runs at once, beside the timer.
 */
export function intervalJob(name: string, options: IntervalJobOptions): Job {
  let timer: NodeJS.Timeout | null = null;
  let inHand: Promise<void> | null = null;
  const runs = new JobRuns(name);
  const timed = () => {
    if (inHand) return;
    inHand = Promise.resolve()
      .then(() => runs.track(() => options.run()))
      .then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        inHand = null;
      });
  };
  return {
    name,
    start() {
      if (timer || options.everyMs <= 0) return;
      timer = setInterval(timed, options.everyMs);
      if (options.runAtStart) timed();
    },
    async stop() {
      const wasStarted = timer !== null;
      if (timer) clearInterval(timer);
      timer = null;
      await inHand;
      if (wasStarted) await options.onStop?.();
    },
    runOnce: (now) => runs.track(() => options.run(now)),
    onRun: (listener) => runs.listen(listener),
  };
}

/** The jobs of one application: starts them (all or by name) and stops them all. */
export class JobsRunner {
  readonly jobs: readonly Job[];

  constructor(jobs: readonly Job[]) {
    const names = new Set<string>();
    for (const job of jobs) {
      if (names.has(job.name)) throw new Error(`two jobs are named ${job.name}`);
      names.add(job.name);
    }
    this.jobs = jobs;
  }

  names(): string[] {
    return this.jobs.map((j) => j.name);
  }

  /** The job of that name; an unknown name throws (a test's typo fails loudly). */
  get(name: string): Job {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job named ${name} (jobs: ${this.names().join(', ')})`);
    return job;
  }

  /** Tells `listener` of every run of every job from now on (metrics). */
  onRun(listener: JobRunListener): void {
    for (const job of this.jobs) job.onRun(listener);
  }

  /** Starts the named jobs, or every job; a job already started stays as it is. */
  start(names?: readonly string[]): void {
    for (const job of names ? names.map((n) => this.get(n)) : this.jobs) job.start();
  }

  /** Stops every job, however it was started (the last one first), and waits for their runs in hand. */
  async stop(): Promise<void> {
    for (const job of [...this.jobs].reverse()) await job.stop();
  }
}
