import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../json-depth.ts';

const nest = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

describe('JSON nesting depth', () => {
  it('accepts what an API call sends and refuses one level past the limit', () => {
    expect(nestedDeeperThan({ a: [1, { b: 'x' }], c: null })).toBe(false);
    expect(nestedDeeperThan(nest(MAX_JSON_DEPTH))).toBe(false);
    expect(nestedDeeperThan(nest(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('measures a body far too deep for a recursive walk without overflowing the stack', () => {
    const deep = nest(200_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(nestedDeeperThan(deep)).toBe(true);
  });

  it('counts objects and arrays alike, and scalars not at all', () => {
    expect(nestedDeeperThan({ a: { b: { c: 1 } } }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: { b: { c: {} } } }, 3)).toBe(true);
    expect(nestedDeeperThan('text', 0)).toBe(false);
  });
});
