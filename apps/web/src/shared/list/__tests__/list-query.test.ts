import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  applyFilters,
  filterValuesFrom,
  pageBounds,
  pageLabel,
  patchQuery,
  queryNameOf,
  readListState,
  setLimit,
  setPage,
  toggleSort,
  withoutEmpty,
} from '../list-query.ts';

const q = (text: string) => new URLSearchParams(text);

describe('list state from the query', () => {
  it('defaults: page 1, limit 10, no sort, asc', () => {
    expect(readListState(q(''))).toEqual({ page: 1, limit: 10, sort: null, order: 'asc' });
  });

  it('reads page, limit, sort and order; refuses unknown page sizes and bad pages', () => {
    expect(readListState(q('page=3&limit=50&sort=email&order=desc'))).toEqual({ page: 3, limit: 50, sort: 'email', order: 'desc' });
    expect(readListState(q('page=0&limit=7&order=sideways'))).toEqual({ page: 1, limit: 10, sort: null, order: 'asc' });
    expect(readListState(q('page=abc&limit=1000')).limit).toBe(1000);
    expect(readListState(q(''), { limit: 25, sort: 'id', order: 'desc' })).toEqual({ page: 1, limit: 25, sort: 'id', order: 'desc' });
  });
});

describe('sort toggling', () => {
  it('a new field sorts ascending, the same field toggles the order', () => {
    const first = toggleSort(q('page=2&limit=20'), 'username');
    expect(first.get('sort')).toBe('username');
    expect(first.get('order')).toBe('asc');
    expect(first.get('limit')).toBe('20');
    const second = toggleSort(first, 'username');
    expect(second.get('order')).toBe('desc');
    expect(toggleSort(second, 'username').get('order')).toBe('asc');
    expect(toggleSort(second, 'email').toString()).toContain('sort=email&order=asc');
  });
});

describe('paging', () => {
  it('changing the page size resets the page to 1', () => {
    const next = setLimit(q('page=4&limit=10&sort=id'), 100);
    expect(next.get('page')).toBe('1');
    expect(next.get('limit')).toBe('100');
    expect(next.get('sort')).toBe('id');
  });

  it('setPage never goes below 1', () => {
    expect(setPage(q('page=3'), 0).get('page')).toBe('1');
    expect(setPage(q(''), 5).get('page')).toBe('5');
  });

  it('empty values are removed', () => {
    expect(withoutEmpty(q('a=&b=1&c=%20')).toString()).toBe('b=1');
    expect(patchQuery(q('a=1&b=2'), { a: null, b: '', c: 3 }).toString()).toBe('c=3');
  });

  it("labels the range as 'start-end of total'", () => {
    expect(pageLabel(1, 10, 0)).toBe('0-0 of 0');
    expect(pageLabel(1, 10, 95)).toBe('1-10 of 95');
    expect(pageLabel(10, 10, 95)).toBe('91-95 of 95');
    expect(pageLabel(99, 10, 95)).toBe('91-95 of 95');
    expect(pageBounds(3, 25, 60)).toEqual({ start: 51, end: 60, lastPage: 3, current: 3 });
  });
});

describe('filters', () => {
  it('dotted field names are written with underscores in the query', () => {
    expect(queryNameOf('user.name')).toBe('user_name');
    expect(queryNameOf('a.b.c')).toBe('a_b_c');
    expect(queryNameOf('category')).toBe('category');
  });

  it('the badge counts the configured filters present in the query', () => {
    const fields = ['category', 'user.name', 'status'];
    expect(activeFilterCount(q(''), fields)).toBe(0);
    expect(activeFilterCount(q('category=agent&user_name=x&page=2&other=1'), fields)).toBe(2);
    expect(activeFilterCount(q('category=&status=pending'), fields)).toBe(1);
    // a value that filters nothing, and a qualifier of another filter, are not filters
    expect(activeFilterCount(q('category=all&status=pending'), [{ name: 'category', defaultValue: 'all' }, 'status'])).toBe(1);
    expect(activeFilterCount(q('userCondition=UserName&userInput=kiln'), [{ name: 'userCondition', qualifier: true }, 'userInput'])).toBe(1);
  });

  it('reads the form values from the query with defaults', () => {
    expect(filterValuesFrom(q('user_name=ann'), { 'user.name': '', category: 'all' })).toEqual({ 'user.name': 'ann', category: 'all' });
  });

  it('submit keeps other parameters, resets the page, clears cursors, keeps limit and drops empty values', () => {
    const next = applyFilters(q('page=5&limit=50&sort=id&after=abc&before=def&category=agent&input='), { category: '', 'user.name': 'ann' });
    expect(Object.fromEntries(next)).toEqual({ page: '1', limit: '50', sort: 'id', user_name: 'ann' });
  });

  it('submit sets the default limit when absent and leaves the page empty for cursor lists', () => {
    expect(Object.fromEntries(applyFilters(q('page=3&after=x'), { status: 'pending' }, { page: 'empty' }))).toEqual({ status: 'pending', limit: '10' });
    expect(Object.fromEntries(applyFilters(q('oldest=1&limit=20'), { status: 'unpaid' }, { page: 'empty' }))).toEqual({ status: 'unpaid', limit: '20' });
    expect(applyFilters(q(''), {}, { defaultLimit: 25 }).get('limit')).toBe('25');
  });
});
