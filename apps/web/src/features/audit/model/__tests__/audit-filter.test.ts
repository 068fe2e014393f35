import { describe, expect, it } from 'vitest';
import { exportSearch, listBody, objectProblem } from '../audit-filter.ts';

describe('audit filter', () => {
  it('sends empty filters as null and the range only with both ends', () => {
    expect(listBody(new URLSearchParams('from=2026-01-01'), 10)).toEqual({ username: null, timeRange: null, actionClassification: null, objectKind: null, objectId: null, limit: 10 });
    expect(listBody(new URLSearchParams('username=ann&from=2026-01-01&to=2026-01-31&actionClassification=holiday.create&after=c1'), 20)).toEqual({
      username: 'ann',
      timeRange: ['2026-01-01', '2026-01-31'],
      actionClassification: 'holiday.create',
      objectKind: null,
      objectId: null,
      limit: 20,
      after: 'c1',
    });
  });

  it('prefers before over after and drops an unknown classification', () => {
    expect(listBody(new URLSearchParams('after=a&before=b&actionClassification=nope'), 10)).toEqual({ username: null, timeRange: null, actionClassification: null, objectKind: null, objectId: null, limit: 10, before: 'b' });
  });

  it('builds the export query of the same filter', () => {
    expect(exportSearch(new URLSearchParams('username=ann&from=2026-01-01&to=2026-01-31&actionClassification=holiday.create&after=c&limit=50'))).toBe(
      'username=ann&from=2026-01-01&to=2026-01-31&actionClassification=holiday.create',
    );
    expect(exportSearch(new URLSearchParams(''))).toBe('');
    expect(exportSearch(new URLSearchParams('objectKind=request&objectId=17&limit=10'))).toBe('objectKind=request&objectId=17');
  });

  it('sends an object by kind, with its number only when the number is whole and positive', () => {
    expect(listBody(new URLSearchParams('objectKind=request&objectId=17'), 10)).toMatchObject({ objectKind: 'request', objectId: 17 });
    expect(listBody(new URLSearchParams('objectKind=request'), 10)).toMatchObject({ objectKind: 'request', objectId: null });
    // a number without a kind, or a kind the server does not know, sends no object at all
    expect(listBody(new URLSearchParams('objectId=17'), 10)).toMatchObject({ objectKind: null, objectId: null });
    expect(listBody(new URLSearchParams('objectKind=planet&objectId=17'), 10)).toMatchObject({ objectKind: null, objectId: null });
    expect(objectProblem({ objectKind: '', objectId: '17' })).toBe('objectIdNeedsKind');
    for (const bad of ['0', '-3', '1.5', '17x', '99999999999999999']) expect(objectProblem({ objectKind: 'order', objectId: bad }), bad).toBe('objectIdInvalid');
    expect(objectProblem({ objectKind: 'order', objectId: '42' })).toBeNull();
    expect(objectProblem({ objectKind: '', objectId: '' })).toBeNull();
  });
});
