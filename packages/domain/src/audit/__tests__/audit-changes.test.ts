import { describe, expect, it } from 'vitest';
import { MAX_AUDIT_CHANGES, auditChanges } from '../audit-changes.ts';

describe('an audit row as a change list', () => {
  it('lists only what an edit changed, nested records by dotted path', () => {
    const before = { id: 3, name: 'Audit Day', date: '2031-03-15', address: { city: 'Ipoh', state: 'Perak' }, tags: ['a'] };
    const after = { id: 3, name: 'Audit Day Renamed', date: '2031-03-15', address: { city: 'Kuala Lumpur', state: 'Perak' }, tags: ['a', 'b'] };
    expect(auditChanges(before, after)).toEqual({
      changes: [
        { field: 'name', before: 'Audit Day', after: 'Audit Day Renamed' },
        { field: 'address.city', before: 'Ipoh', after: 'Kuala Lumpur' },
        { field: 'tags', before: ['a'], after: ['a', 'b'] },
      ],
      more: 0,
    });
  });

  it('lists every field of a creation and of a removal; a field added or dropped shows as absent on its other side', () => {
    expect(auditChanges(null, { id: 1, name: 'X' }).changes).toEqual([
      { field: 'id', before: undefined, after: 1 },
      { field: 'name', before: undefined, after: 'X' },
    ]);
    expect(auditChanges({ id: 1 }, undefined).changes).toEqual([{ field: 'id', before: 1, after: undefined }]);
    expect(auditChanges({ a: 1 }, { b: null }).changes).toEqual([
      { field: 'a', before: 1, after: undefined },
      { field: 'b', before: undefined, after: null },
    ]);
  });

  it('shows plain values whole, and nothing when nothing changed', () => {
    expect(auditChanges('on', 'off').changes).toEqual([{ field: '', before: 'on', after: 'off' }]);
    expect(auditChanges({ a: { b: 1 } }, { a: { b: 1 } }).changes).toEqual([]);
    expect(auditChanges(undefined, undefined).changes).toEqual([]);
  });

  it('stops walking at a bounded depth and a bounded length', () => {
    const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    const deeper = { a: { b: { c: { d: { e: { f: 2 } } } } } };
    expect(auditChanges(deep, deeper).changes).toEqual([{ field: 'a.b.c.d', before: { e: { f: 1 } }, after: { e: { f: 2 } } }]);
    const wide = Object.fromEntries(Array.from({ length: MAX_AUDIT_CHANGES + 7 }, (_, i) => [`k${i}`, i]));
    const result = auditChanges(null, wide);
    expect(result.changes).toHaveLength(MAX_AUDIT_CHANGES);
    expect(result.more).toBe(7);
  });
});
