import { describe, expect, it } from 'vitest';
import { SAVED_VIEW_LISTS } from '@aurum/domain/saved-views/saved-view-schemas';
import { normalQuery, savedViewHref, savedViewListAt } from '../saved-view-lists.ts';

describe('saved view lists', () => {
  it('tells the list of an address: its path and the parameter that picks the screen', () => {
    expect(savedViewListAt({ pathname: '/account/user/', search: '?page=2' })).toBe('users');
    expect(savedViewListAt({ pathname: '/account/user', search: '' })).toBe('users');
    expect(savedViewListAt({ pathname: '/order/', search: '?orderMode=th&status=FILLED' })).toBe('tradeHistory');
    expect(savedViewListAt({ pathname: '/asset/', search: '?action=withdrawal' })).toBe('withdrawals');
    // not a list, or a list without its screen parameter
    expect(savedViewListAt({ pathname: '/account/user/12/', search: '' })).toBeNull();
    expect(savedViewListAt({ pathname: '/asset/', search: '' })).toBeNull();
    expect(savedViewListAt({ pathname: '/order/create/', search: '?orderMode=tr' })).toBeNull();
  });

  it('every list has an address that leads back to it', () => {
    for (const list of SAVED_VIEW_LISTS) {
      const [pathname, search = ''] = savedViewHref(list, 'page=3').split('?');
      expect(savedViewListAt({ pathname: pathname!, search: `?${search}` }), list).toBe(list);
      expect(new URLSearchParams(search).get('page')).toBe('3');
    }
  });

  it('compares queries whatever the order of their parameters, empty ones dropped', () => {
    expect(normalQuery('?status=pending&type=MYR&page=1&q=')).toBe(normalQuery('page=1&type=MYR&status=pending'));
    expect(normalQuery('status=a&status=b')).toBe(normalQuery('status=b&status=a'));
    expect(normalQuery('status=a')).not.toBe(normalQuery('status=b'));
    expect(savedViewHref('deposits', 'status=pending')).toBe('/asset/?action=deposit&status=pending');
    expect(savedViewHref('holidays', '')).toBe('/system/holiday/');
  });
});
