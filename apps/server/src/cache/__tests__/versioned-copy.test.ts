import { describe, expect, it } from 'vitest';
import { SettingsFloor, VersionedCopy } from '../versioned-copy.ts';

describe('VersionedCopy', () => {
  it('keeps a later version and refuses an earlier one that lands after it', () => {
    const copy = new VersionedCopy<string>();
    expect(copy.version).toBe(0);
    expect(copy.offer(3, 'panic on')).toBe(true);
    // a reload that read version 2 and finished last
    expect(copy.offer(2, 'panic off')).toBe(false);
    expect(copy.peek()).toBe('panic on');
    expect(copy.version).toBe(3);
    expect(copy.offer(4, 'adjusted')).toBe(true);
    expect(copy.peek()).toBe('adjusted');
  });

  it('replaces a copy with one of the same version, and takes anything once cleared', () => {
    const copy = new VersionedCopy<string>();
    copy.offer(5, 'first read');
    expect(copy.offer(5, 'second read')).toBe(true);
    expect(copy.peek()).toBe('second read');
    copy.clear();
    expect(copy.offer(1, 'after a resync')).toBe(true);
    expect(copy.version).toBe(1);
  });

  it('serves nothing older than the floor it is asked with, nor older than its age limit', () => {
    let now = 0;
    const copy = new VersionedCopy<string>({ maxAgeMs: 1000, clock: () => now });
    copy.offer(7, 'v7');
    expect(copy.get(7)).toBe('v7');
    expect(copy.get(8)).toBeUndefined();
    expect(copy.peek()).toBe('v7');
    now = 1001;
    expect(copy.get(0)).toBeUndefined();
  });
});

describe('SettingsFloor', () => {
  it('rises at once with a change this process wrote, and falls back when it rolls back', () => {
    const floor = new SettingsFloor();
    floor.heardOf(4);
    expect(floor.floor).toBe(4);
    floor.wrote(5);
    expect(floor.floor).toBe(5);
    floor.withdrawn(5);
    expect(floor.floor).toBe(4);
  });

  it('never goes back on what it heard, whatever order the news comes in', () => {
    const floor = new SettingsFloor();
    floor.heardOf(9);
    floor.heardOf(6);
    expect(floor.floor).toBe(9);
    // a version written below what is already known adds nothing
    floor.wrote(8);
    floor.withdrawn(8);
    expect(floor.floor).toBe(9);
  });

  it('forgets the pending versions a committed one covers', () => {
    const floor = new SettingsFloor();
    floor.wrote(2);
    floor.wrote(3);
    floor.heardOf(3);
    // withdrawing a version already committed changes nothing
    floor.withdrawn(3);
    expect(floor.floor).toBe(3);
  });

  it('a copy read before a change this process wrote is not served once the change is acknowledged', () => {
    const floor = new SettingsFloor();
    const copy = new VersionedCopy<string>();
    copy.offer(1, 'panic off');
    floor.heardOf(1);
    floor.wrote(2); // the switch's transaction, not committed yet
    // a concurrent read of the row before the commit lands now
    copy.offer(1, 'panic off (read before the commit)');
    expect(copy.get(floor.floor)).toBeUndefined();
    copy.offer(2, 'panic on');
    expect(copy.get(floor.floor)).toBe('panic on');
  });
});
