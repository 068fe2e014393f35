import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { cursorsFor, forDisplay, offsetAfter, pageRange, pageStart, pagingAfter, pagerLabel, pageVariables, patched, readCursorState, tailRows, withLimit, type PageInfo, type PagerLabelKey } from '../order-paging.ts';

const q = (text: string) => new URLSearchParams(text);
const info = (over: Partial<PageInfo> = {}): PageInfo => ({ startCursor: 'S', endCursor: 'E', hasNextPage: true, hasPreviousPage: true, ...over });

describe('order list cursor paging', () => {
  it('reads the cursors and a page size from the query; an unknown size is the default', () => {
    expect(readCursorState(q('orderMode=tr'))).toEqual({ after: null, before: null, oldest: false, limit: 10, tail: null });
    expect(readCursorState(q('limit=50&before=abc'))).toEqual({ after: null, before: 'abc', oldest: false, limit: 50, tail: null });
    expect(readCursorState(q('limit=7&after=x&before=y'))).toEqual({ after: 'x', before: null, oldest: false, limit: 10, tail: null });
    // the oldest page's row count: 1..limit, else the limit
    expect(readCursorState(q('oldest=1&tail=1')).tail).toBe(1);
    expect(readCursorState(q('oldest=1&tail=11')).tail).toBeNull();
    expect(readCursorState(q('tail=3')).tail).toBeNull();
    expect(readCursorState(q('oldest=1')).oldest).toBe(true);
    expect(readCursorState(q('oldest=1&after=x')).oldest).toBe(false);
  });

  it('asks forward with after+first and backward with before+last; the newest page is last, the oldest first', () => {
    expect(pageVariables({ after: null, before: null, oldest: false, limit: 10 })).toEqual({ last: 10 });
    expect(pageVariables({ after: null, before: 'B', oldest: false, limit: 20 })).toEqual({ last: 20, before: 'B' });
    expect(pageVariables({ after: 'A', before: null, oldest: false, limit: 20 })).toEqual({ first: 20, after: 'A' });
    expect(pageVariables({ after: null, before: null, oldest: true, limit: 15 })).toEqual({ first: 15 });
    expect(pageVariables({ after: null, before: null, oldest: true, limit: 10, tail: 1 })).toEqual({ first: 1 });
  });

  it('reverses the ascending page for display (newest first)', () => {
    expect(forDisplay([{ node: 1 }, { node: 2 }, { node: 3 }])).toEqual([3, 2, 1]);
  });

  it('moves: older before the start cursor, newer after the end cursor; impossible moves are null', () => {
    expect(cursorsFor('older', info())).toEqual({ after: null, before: 'S', oldest: null, tail: null, page: null });
    expect(cursorsFor('newer', info())).toEqual({ after: 'E', before: null, oldest: null, tail: null, page: null });
    expect(cursorsFor('oldest', info())).toEqual({ after: null, before: null, oldest: '1', tail: null, page: null });
    expect(cursorsFor('newest', info())).toEqual({ after: null, before: null, oldest: null, tail: null, page: null });
    // the last page holds only what no other page holds: 11 rows by 10 leave 1 ('11-11 of 11', never '2-11 of 11')
    expect(cursorsFor('oldest', info(), tailRows(11, 10))).toEqual({ after: null, before: null, oldest: '1', tail: '1', page: null });
    expect(tailRows(20, 10)).toBe(10);
    expect(tailRows(10_000, 10, true)).toBeNull();
    expect(pageRange({ after: null, before: null, oldest: true, limit: 10, tail: 1 }, null, 1, 11)).toEqual({ start: 11, end: 11 });
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

  describe("the pager's label (SPEC.md §2 'start-end of total', a bounded total reads 10,000+)", () => {
    const locale = (language: string, namespace: string) => JSON.parse(readFileSync(new URL(`../../../../locales/${language}/${namespace}.json`, import.meta.url), 'utf8')) as object;
    const translator = async (language: string) => {
      const i18n = i18next.createInstance();
      await i18n.init({
        lng: language,
        resources: { [language]: { common: locale(language, 'common'), order: locale(language, 'order') } },
        interpolation: { escapeValue: false },
        showSupportNotice: false,
      });
      return (key: PagerLabelKey, values: Record<string, string | number>) => i18n.t(key, values);
    };
    const state = { after: null, before: null, oldest: false, limit: 20 };

    it('reads "1-20 of 10,000+" when the total is a lower bound, "1-20 of 25" when exact', async () => {
      const en = await translator('en');
      expect(pagerLabel(en, { range: pageRange(state, null, 20, 10_000, true), rows: 20, total: 10_000, totalIsLowerBound: true })).toBe('1-20 of 10,000+');
      expect(pagerLabel(en, { range: pageRange(state, null, 20, 25), rows: 20, total: 25, totalIsLowerBound: false })).toBe('1-20 of 25');
      // a deeper page is not capped by a lower bound
      expect(pageRange({ ...state, before: 'S' }, 9_990, 20, 10_000, true)).toEqual({ start: 9_991, end: 10_010 });
      // the oldest page's start is unknown under a lower bound: the rows label
      expect(pageRange({ ...state, oldest: true }, null, 20, 10_000, true)).toBeNull();
      expect(pagerLabel(en, { range: null, rows: 20, total: 10_000, totalIsLowerBound: true })).toBe('20 rows of 10,000+');
      expect(pagerLabel(en, { range: null, rows: 20, total: 25, totalIsLowerBound: false })).toBe('20 rows of 25');
      // one row is a row (i18next plural forms)
      expect(pagerLabel(en, { range: null, rows: 1, total: 4, totalIsLowerBound: false })).toBe('1 row of 4');
    });

    it('reads the same in Traditional Chinese', async () => {
      const zh = await translator('zh-Hant');
      expect(pagerLabel(zh, { range: { start: 1, end: 20 }, rows: 20, total: 10_000, totalIsLowerBound: true })).toBe('第 1-20 筆，共 10,000+ 筆');
      expect(pagerLabel(zh, { range: { start: 1, end: 20 }, rows: 20, total: 25, totalIsLowerBound: false })).toBe('第 1-20 筆，共 25 筆');
      expect(pagerLabel(zh, { range: null, rows: 20, total: 10_000, totalIsLowerBound: true })).toBe('共 10,000+ 筆中的 20 筆');
    });
  });
});

describe('pageStart and pagingAfter (a list whose paging is held in state)', () => {
  const info = (next: boolean, previous: boolean): PageInfo => ({ startCursor: '11', endCursor: '20', hasNextPage: next, hasPreviousPage: previous });
  const shown = (rows: number, total: number, lowerBound = false, next = true, previous = true) => ({ pageInfo: info(next, previous), edges: Array.from({ length: rows }), totalCount: total, totalIsLowerBound: lowerBound });
  const newest = { after: null, before: null, oldest: false, limit: 10, offset: 0 };

  it('starts the newest page at 0, the oldest at total minus its rows (exact total), else where it was carried', () => {
    expect(pageStart(newest, shown(10, 25), 7)).toBe(0);
    expect(pageStart({ ...newest, oldest: true }, shown(5, 25), null)).toBe(20);
    expect(pageStart({ ...newest, oldest: true }, shown(10, 10_000, true), null)).toBeNull();
    expect(pageStart({ ...newest, before: '11' }, shown(10, 25), 10)).toBe(10);
  });

  it('moves older from the newest page to the rows after it, and to the oldest page with its tail', () => {
    expect(pagingAfter('older', newest, shown(10, 25, false, false, true))).toEqual({ limit: 10, after: null, before: '11', oldest: false, tail: null, offset: 10 });
    expect(pagingAfter('oldest', newest, shown(10, 25, false, false, true))).toEqual({ limit: 10, after: null, before: null, oldest: true, tail: 5, offset: null });
    // no older page: no move
    expect(pagingAfter('older', newest, shown(10, 10, false, false, false))).toBeNull();
  });
});
