import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, activeNavItem, isNavItemActive } from '../nav-items.ts';

const at = (url: string) => {
  const [pathname = '/', search = ''] = url.split('?');
  return { pathname, search: search ? `?${search}` : '' };
};
const active = (url: string) => NAV_ITEMS.filter((item) => isNavItemActive(item, at(url))).map((item) => item.key);

describe('sidebar entries', () => {
  it('has every entry of SPEC.md §2 with its route', () => {
    expect(NAV_ITEMS.map((item) => [item.key, item.to])).toEqual([
      ['dashboard', '/'],
      ['userList', '/account/user/'],
      ['adminList', '/account/admin/'],
      ['inbox', '/inbox/'],
      ['tradeRequests', '/order/?orderMode=tr'],
      ['depositRequests', '/asset/?action=deposit'],
      ['withdrawalRequests', '/asset/?action=withdrawal'],
      ['transferRequests', '/asset/?action=transfer'],
      ['tradeHistory', '/order/?orderMode=th'],
      ['treasury', '/treasury/?view=position'],
      ['hedges', '/treasury/?view=hedges'],
      ['vault', '/treasury/vault/'],
      ['reconciliation', '/treasury/reconciliation/'],
      ['trialBalance', '/finance/trial-balance/'],
      ['dayClose', '/finance/day-close/'],
      ['adjustments', '/finance/adjustments/'],
      ['pnl', '/finance/pnl/'],
      ['balanceSheet', '/finance/balance-sheet/'],
      ['incomeStatement', '/finance/income-statement/'],
      ['statements', '/finance/statements/'],
      ['constant', '/system/constant/'],
      ['mode', '/system/mode/'],
      ['holiday', '/system/holiday/'],
      ['log', '/system/log/'],
      ['notification', '/action/notification/'],
      ['holds', '/compliance/holds/'],
      ['dueDiligence', '/compliance/due-diligence/'],
      ['hits', '/compliance/hits/'],
      ['lists', '/compliance/lists/'],
    ]);
  });

  it('each entry is active on its own route and only there', () => {
    for (const item of NAV_ITEMS) expect(active(item.to)).toEqual([item.key]);
  });
});

describe('active matching', () => {
  it.each([
    ['/', ['dashboard']],
    ['/account/user', ['userList']],
    ['/account/user/42', ['userList']],
    ['/account/admin/info/?adminId=1', ['adminList']],
    ['/order/?orderMode=tr&page=2&sort=id', ['tradeRequests']],
    ['/order?orderMode=th', ['tradeHistory']],
    ['/order/', []],
    ['/order/?orderMode=xx', []],
    ['/order/create', []],
    ['/treasury/?view=hedges&page=2', ['hedges']],
    ['/treasury/?hedge=7', []],
    ['/asset/?action=withdrawal&page=3', ['withdrawalRequests']],
    ['/asset/?page=1&action=transfer', ['transferRequests']],
    ['/asset/create', []],
    ['/system/constant', ['constant']],
    ['/system/constant/extra', []],
    ['/system/mode/other/', []],
    ['/system/holiday/2026', []],
    ['/system/log/?username=ann', ['log']],
    ['/system/log/detail', ['log']],
    ['/action/notification/', ['notification']],
    ['/inbox/?page=2', ['inbox']],
    ['/finance/trial-balance/?date=2026-11-26', ['trialBalance']],
    ['/nowhere', []],
  ])('%s highlights %j', (url, keys) => {
    expect(active(url)).toEqual(keys);
  });

  it('activeNavItem gives the one entry', () => {
    expect(activeNavItem(at('/asset/?action=deposit'))?.key).toBe('depositRequests');
    expect(activeNavItem(at('/nowhere'))).toBeNull();
  });
});
