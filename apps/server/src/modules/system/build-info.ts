import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BuildInfo {
  branch: string;
  commit: string;
}

/** Branch and commit: from AURUM_BUILD_BRANCH/COMMIT, a build-info.json, or git; 'unknown' otherwise. */
export function readBuildInfo(root = join(import.meta.dirname, '..', '..', '..', '..', '..')): BuildInfo {
  if (process.env.AURUM_BUILD_COMMIT) {
    return { branch: process.env.AURUM_BUILD_BRANCH ?? 'unknown', commit: process.env.AURUM_BUILD_COMMIT };
  }
  const file = join(root, 'build-info.json');
  if (existsSync(file)) {
    try {
      const info = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildInfo>;
      if (info.branch && info.commit) return { branch: info.branch, commit: info.commit };
    } catch {
      // fall through to git
    }
  }
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return { branch: git('rev-parse', '--abbrev-ref', 'HEAD'), commit: git('rev-parse', 'HEAD') };
  } catch {
    return { branch: 'unknown', commit: 'unknown' };
  }
}
