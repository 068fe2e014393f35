import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { hostname } from 'node:os';

export class DataDirLockedError extends Error {
  /** The process holding the folder. */
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(
      `The data folder ${dir} is in use by process ${pid}. Two processes on one data folder would corrupt it: ` +
        'stop the other process, or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
    this.pid = pid;
  }
}

/** Whether a process with this pid runs (one of another user counts). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process: a lock file created exclusively, holding the pid.
 * A lock left by a process that no longer runs on this host is taken over.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'aurum.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), at: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: { pid?: number; host?: string } = {};
      try {
        holder = JSON.parse(readFileSync(file, 'utf8')) as typeof holder;
      } catch {
        // an unreadable lock file is stale
      }
      const pid = holder.pid ?? 0;
      if (pid > 0 && holder.host === hostname() && processAlive(pid)) throw new DataDirLockedError(dir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock of the data folder ${dir}`);
}
