import { describe, expect, it } from 'vitest';
import { nameIndexKeys } from '../name-index-key.ts';

const shared = (a: string, b: string) => {
  const tb = new Set(nameIndexKeys(b).tokens);
  return nameIndexKeys(a).tokens.filter((t) => tb.has(t));
};

describe('the index keys of a name', () => {
  it('are the same whatever the word order', () => {
    expect(nameIndexKeys('Vladimir Ivanovich Petrov').key).toBe(nameIndexKeys('Petrov Vladimir Ivanovich').key);
  });

  it('share a spelling class across dialects and scripts of a Chinese surname', () => {
    expect(shared('陳大文', 'Tan Tai Man').length).toBeGreaterThan(0);
    expect(shared('陳大文', 'Chan Tai Man').length).toBeGreaterThan(0);
  });

  it('share a class for Mohd and Muhammad, and leave out the common tokens when there are rarer ones', () => {
    expect(shared('Mohd Rizal bin Ahmad', 'Muhammad Rizal Ahmad').length).toBeGreaterThan(0);
    const keys = nameIndexKeys('Muhammad Rizal bin Ahmad');
    expect(keys.key).not.toMatch(/muhammad/);
    expect(keys.key).toMatch(/rizal/);
  });

  it('find nothing in common between unrelated names', () => {
    expect(shared('Vladimir Petrov', 'Tan Tai Man')).toEqual([]);
  });

  it('are bounded', () => {
    const long = Array.from({ length: 60 }, (_, i) => `Name${String.fromCharCode(97 + (i % 26))}x${i}`).join(' ');
    expect(nameIndexKeys(long).tokens.length).toBeLessThanOrEqual(64);
  });
});
