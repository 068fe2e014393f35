import { describe, expect, it } from 'vitest';
import { hedgeListSearch } from '../treasury-queries.ts';

describe('the hedge list call', () => {
  it("asks the list with the address's filters, 'all' as none", () => {
    expect(hedgeListSearch(new URLSearchParams('view=hedges&metal=all&state=settled&provider=met&page=2'))).toBe('page=2&provider=met&state=settled');
  });
});
