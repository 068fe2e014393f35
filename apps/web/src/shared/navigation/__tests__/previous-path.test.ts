import { describe, expect, it } from 'vitest';
import { isRememberedPath, nextPreviousPath } from '../previous-path.ts';

describe('previous path rule', () => {
  it.each([
    ['/', true],
    ['/account/user/', true],
    ['/account/user', true],
    ['/account/admin/info/?adminId=1', true],
    ['/order/?orderMode=tr', true],
    ['/system/constant/', true],
    ['/account/user/42', false],
    ['/account/user/42/', false],
    ['/order/create', false],
    ['/order/create/?userId=4', false],
    ['/asset/create', false],
    ['/auth/login/', false],
    ['/auth/reset-password/?token=abc', false],
    ['/auth', false],
    ['/authors/', true],
  ])('%s remembered: %s', (path, remembered) => {
    expect(isRememberedPath(path)).toBe(remembered);
  });

  it('hands the page left behind to the next page as from', () => {
    let from: string | null = null;
    const visit = (leaving: string | null, entering: string) => (from = nextPreviousPath(from, leaving, entering));
    visit(null, '/');
    expect(from).toBeNull();
    visit('/', '/account/user/');
    expect(from).toBe('/');
    visit('/account/user/', '/account/user/42');
    expect(from).toBe('/account/user/');
    // leaving user detail keeps the list as from
    visit('/account/user/42', '/order/create');
    expect(from).toBe('/account/user/');
    visit('/order/create', '/order/?orderMode=tr');
    expect(from).toBe('/account/user/');
    visit('/order/?orderMode=tr', '/order/?orderMode=th');
    expect(from).toBe('/order/?orderMode=tr');
    // the same path again changes nothing
    visit('/order/?orderMode=th', '/order/?orderMode=th');
    expect(from).toBe('/order/?orderMode=tr');
  });

  it('never remembers auth pages', () => {
    expect(nextPreviousPath('/system/log/', '/auth/login/', '/')).toBe('/system/log/');
  });
});
