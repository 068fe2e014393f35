import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listQuery, pageRange } from '../paging.ts';

describe('list query', () => {
  const q = listQuery(['username', 'createdAt']);
  it('defaults page 1, limit 10, order asc, and drops empty values', () => {
    expect(q.parse({})).toEqual({ page: 1, limit: 10, order: 'asc' });
    expect(q.parse({ page: '', limit: '', sort: '', order: '' })).toEqual({ page: 1, limit: 10, order: 'asc' });
    expect(q.parse({ page: '3', limit: '250', sort: 'username', order: 'desc' })).toEqual({ page: 3, limit: 250, sort: 'username', order: 'desc' });
  });
  it('refuses page sizes that are not offered, unknown sort fields and bad pages', () => {
    expect(q.safeParse({ limit: '11' }).success).toBe(false);
    expect(q.safeParse({ sort: 'password_hash' }).success).toBe(false);
    expect(q.safeParse({ page: '0' }).success).toBe(false);
    expect(q.safeParse({ order: 'sideways' }).success).toBe(false);
  });
});

describe('pageRange', () => {
  it('labels start-end of total', () => {
    expect(pageRange(1, 10, 0)).toEqual({ start: 0, end: 0, total: 0, lastPage: 1 });
    expect(pageRange(1, 10, 25)).toEqual({ start: 1, end: 10, total: 25, lastPage: 3 });
    expect(pageRange(3, 10, 25)).toEqual({ start: 21, end: 25, total: 25, lastPage: 3 });
    expect(pageRange(9, 10, 25)).toEqual({ start: 21, end: 25, total: 25, lastPage: 3 });
  });
  it('property: pages cover every row exactly once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.constantFrom(10, 15, 20, 25, 30, 50, 100, 250, 500, 1000), (total, limit) => {
        let covered = 0;
        const { lastPage } = pageRange(1, limit, total);
        for (let p = 1; p <= lastPage; p++) {
          const r = pageRange(p, limit, total);
          if (total > 0) expect(r.start).toBe(covered + 1);
          covered = r.end;
        }
        expect(covered).toBe(total);
      }),
    );
  });
});
