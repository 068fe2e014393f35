import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitStatements } from '../migrate.ts';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.ts';

describe('splitStatements', () => {
  it('splits on semicolons outside comments, quotes and dollar-quoted bodies', () => {
    const sql = `-- a comment; with a semicolon
CREATE TABLE a (x text DEFAULT 'semi;colon');
CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'no; way'; END $$ LANGUAGE plpgsql;
SELECT 1`;
    const parts = splitStatements(sql);
    expect(parts).toHaveLength(3);
    expect(parts[0]).toBe("CREATE TABLE a (x text DEFAULT 'semi;colon')");
    expect(parts[1]).toContain("RAISE EXCEPTION 'no; way'; END $$ LANGUAGE plpgsql");
    expect(parts[2]).toBe('SELECT 1');
  });
});

describe('data folder lock', () => {
  it('lets one holder in, refuses a second while it lives, and frees on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aurum-lock-'));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by process/);
    release();
    expect(existsSync(join(dir, 'aurum.lock'))).toBe(false);
    const again = lockDataDir(dir);
    again();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aurum-lock-'));
    // a pid that cannot exist on this host
    writeFileSync(join(dir, 'aurum.lock'), JSON.stringify({ pid: 2147483646, host: hostname() }));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, 'aurum.lock'), 'utf8')).pid).toBe(process.pid);
    release();
  });
});
