import { describe, expect, it } from 'vitest';
import { exportSearch, listBody } from '../audit-filter.ts';

describe('audit filter', () => {
  it('sends empty filters as null and the range only with both ends', () => {
    expect(listBody(new URLSearchParams('from=2026-01-01'), 10)).toEqual({ username: null, timeRange: null, actionClassification: null, limit: 10 });
    expect(listBody(new URLSearchParams('username=ann&from=2026-01-01&to=2026-01-31&actionClassification=holiday.create&after=c1'), 20)).toEqual({
      username: 'ann',
      timeRange: ['2026-01-01', '2026-01-31'],
      actionClassification: 'holiday.create',
      limit: 20,
      after: 'c1',
    });
  });

  it('prefers before over after and drops an unknown classification', () => {
    expect(listBody(new URLSearchParams('after=a&before=b&actionClassification=nope'), 10)).toEqual({ username: null, timeRange: null, actionClassification: null, limit: 10, before: 'b' });
  });

  it('builds the export query of the same filter', () => {
    expect(exportSearch(new URLSearchParams('username=ann&from=2026-01-01&to=2026-01-31&actionClassification=holiday.create&after=c&limit=50'))).toBe(
      'username=ann&from=2026-01-01&to=2026-01-31&actionClassification=holiday.create',
    );
    expect(exportSearch(new URLSearchParams(''))).toBe('');
  });
});
