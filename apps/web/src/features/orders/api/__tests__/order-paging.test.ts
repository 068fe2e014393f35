import { describe, expect, it } from 'vitest';
import { cursorsFor, forDisplay, offsetAfter, pageRange, pageVariables, patched, readCursorState, withLimit, type PageInfo } from '../order-paging.ts';

const q = (text: string) => new URLSearchParams(text);
const info = (over: Partial<PageInfo> = {}): PageInfo => ({ startCursor: 'S', endCursor: 'E', hasNextPage: true, hasPreviousPage: true, ...over });

describe('order list cursor paging', () => {
  it('reads the cursors and a page size from the query; an unknown size is the default', () => {
    expect(readCursorState(q('orderMode=tr'))).toEqual({ after: null, before: null, oldest: false, limit: 10 });
    expect(readCursorState(q('limit=50&before=abc'))).toEqual({ after: null, before: 'abc', oldest: false, limit: 50 });
    expect(readCursorState(q('limit=7&after=x&before=y'))).toEqual({ after: 'x', before: null, oldest: false, limit: 10 });
    expect(readCursorState(q('oldest=1')).oldest).toBe(true);
    expect(readCursorState(q('oldest=1&after=x')).oldest).toBe(false);
  });

  it('asks forward with after+first and backward with before+last; the newest page is last, the oldest first', () => {
    expect(pageVariables({ after: null, before: null, oldest: false, limit: 10 })).toEqual({ last: 10 });
    expect(pageVariables({ after: null, before: 'B', oldest: false, limit: 20 })).toEqual({ last: 20, before: 'B' });
    expect(pageVariables({ after: 'A', before: null, oldest: false, limit: 20 })).toEqual({ first: 20, after: 'A' });
    expect(pageVariables({ after: null, before: null, oldest: true, limit: 15 })).toEqual({ first: 15 });
  });

  it('reverses the ascending page for display (newest first)', () => {
    expect(forDisplay([{ node: 1 }, { node: 2 }, { node: 3 }])).toEqual([3, 2, 1]);
  });

  it('moves: older before the start cursor, newer after the end cursor; impossible moves are null', () => {
    expect(cursorsFor('older', info())).toEqual({ after: null, before: 'S', oldest: null, page: null });
    expect(cursorsFor('newer', info())).toEqual({ after: 'E', before: null, oldest: null, page: null });
    expect(cursorsFor('oldest', info())).toEqual({ after: null, before: null, oldest: '1', page: null });
    expect(cursorsFor('newest', info())).toEqual({ after: null, before: null, oldest: null, page: null });
    expect(cursorsFor('older', info({ hasPreviousPage: false }))).toBeNull();
    expect(cursorsFor('oldest', info({ hasPreviousPage: false }))).toBeNull();
    expect(cursorsFor('newer', info({ hasNextPage: false }))).toBeNull();
    expect(cursorsFor('newest', info({ hasNextPage: false }))).toBeNull();
  });

  it('keeps the filters when moving, drops page and empty values; a new page size goes back to the newest page', () => {
    const moved = patched(q('orderMode=th&status=reverted&page=3&after=A&x='), cursorsFor('older', info())!);
    expect(moved.toString()).toBe('orderMode=th&status=reverted&before=S');
    expect(withLimit(q('orderMode=tr&before=S&oldest=1'), 50).toString()).toBe('orderMode=tr&limit=50');
  });

  it("knows where a page starts: 0 on the newest, carried along, counted from the end on the oldest", () => {
    expect(offsetAfter('older', 0, 10, 10)).toBe(10);
    expect(offsetAfter('older', 10, 4, 10)).toBe(14);
    expect(offsetAfter('newer', 14, 10, 10)).toBe(4);
    expect(offsetAfter('newer', 5, 10, 10)).toBe(0);
    expect(offsetAfter('newer', null, 10, 10)).toBeNull();
    expect(offsetAfter('newest', null, 10, 10)).toBe(0);
    const state = { after: null, before: null, oldest: false, limit: 10 };
    expect(pageRange(state, null, 10, 25)).toEqual({ start: 1, end: 10 });
    expect(pageRange({ ...state, before: 'S' }, 10, 10, 25)).toEqual({ start: 11, end: 20 });
    expect(pageRange({ ...state, before: 'S' }, null, 10, 25)).toBeNull();
    expect(pageRange({ ...state, oldest: true }, null, 10, 25)).toEqual({ start: 16, end: 25 });
    expect(pageRange(state, 0, 0, 0)).toEqual({ start: 0, end: 0 });
  });
});
