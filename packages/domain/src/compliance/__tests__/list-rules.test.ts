import { describe, expect, it } from 'vitest';
import { diffCounts, isLargeDrop } from '../list-rules.ts';
import { columnOf, splitAliases } from '../list-columns.ts';

const fp = (reference: string, contentHash = 'h') => ({ reference, contentHash });

describe('a list version against the active one', () => {
  it('counts entries added, removed and changed, matched by reference', () => {
    expect(diffCounts([], [fp('a'), fp('b')])).toEqual({ added: 2, removed: 0, changed: 0 });
    expect(diffCounts([fp('a'), fp('b'), fp('c')], [fp('a'), fp('b', 'other'), fp('d')])).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(diffCounts([fp('a'), fp('b')], [fp('b'), fp('a')])).toEqual({ added: 0, removed: 0, changed: 0 });
  });

  it('flags a drop of more than a fifth of the active entries, never of an empty list', () => {
    expect(isLargeDrop(10, 2)).toBe(false);
    expect(isLargeDrop(10, 3)).toBe(true);
    expect(isLargeDrop(0, 0)).toBe(false);
  });
});

describe("the ministry's columns and names", () => {
  it('reads header labels in English or Malay, spacing and case aside; others are unknown', () => {
    expect(columnOf(' Date  of BIRTH ')).toBe('dateOfBirth');
    expect(columnOf('Nama')).toBe('name');
    expect(columnOf('Remarks')).toBeUndefined();
  });

  it('splits " @ " aliases', () => {
    expect(splitAliases('Ahmad bin Ali @ Abu Ali @Pak Li')).toEqual(['Ahmad bin Ali', 'Abu Ali', 'Pak Li']);
    expect(splitAliases('name@example')).toEqual(['name@example']);
  });
});
