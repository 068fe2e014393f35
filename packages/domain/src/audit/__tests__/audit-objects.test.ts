import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../classifications.ts';
import { AUDIT_OBJECT_KINDS, auditObjectKindOf, auditObjectOf, storedAuditObject } from '../audit-objects.ts';
import { AuditExportQuery, AuditListBody } from '../audit-schemas.ts';

describe('the object an audit row is about', () => {
  it('takes the number from the path first, then the body, then the row', () => {
    expect(auditObjectOf('asset.approve', { params: { requestId: 17 }, detail: { before: { id: 99 } } })).toEqual({ kind: 'request', id: 17 });
    expect(auditObjectOf('order.revert', { body: { orderId: 4, userId: 9 }, detail: {} })).toEqual({ kind: 'order', id: 4 });
    // a creation: the new record's number is in after
    expect(auditObjectOf('user.create', { body: { username: 'x' }, detail: { before: null, after: { id: 31, username: 'x' } } })).toEqual({ kind: 'user', id: 31 });
    expect(auditObjectOf('holiday.update', { params: { id: '8' }, detail: {} })).toEqual({ kind: 'holiday', id: 8 });
  });

  it("files a bank account's changes under its user, never under the account's own number", () => {
    expect(auditObjectOf('bank.approve', { params: { userId: 12 }, detail: { after: { id: 500, status: 'approved' } } })).toEqual({ kind: 'user', id: 12 });
    // decided from the inbox: no path parameters; the row's userId, not the account's id
    expect(auditObjectOf('bank.approve', { detail: { after: { id: 500, userId: 12 } } })).toEqual({ kind: 'user', id: 12 });
    expect(auditObjectOf('bank.approve', { detail: { after: { id: 500 } } })).toBeNull();
  });

  it('names nothing for settings, modes and prices, nor for numbers that are not ids', () => {
    for (const action of ['mode.panic', 'price.manualSet', 'adjust.spread', 'treasury.settings', 'auth.login', 'access.denied', 'data.export']) {
      expect(auditObjectKindOf(action)).toBeNull();
      expect(auditObjectOf(action, { params: { id: 3 }, detail: { after: { id: 3 } } })).toBeNull();
    }
    for (const bad of [0, -1, 1.5, '12a', '', Number.MAX_SAFE_INTEGER + 1, '99999999999999999', null, {}]) {
      expect(auditObjectOf('user.update', { params: { userId: bad }, detail: {} })).toBeNull();
    }
  });

  it('knows a kind for every classification about a numbered thing, and only kinds it declares', () => {
    const kinds = new Set(AUDIT_ACTIONS.map(auditObjectKindOf).filter((k) => k !== null));
    expect([...kinds].every((k) => (AUDIT_OBJECT_KINDS as readonly string[]).includes(k))).toBe(true);
    for (const action of ['asset.create', 'order.settle', 'admin.resetPassword', 'hedge.link', 'vault.approve', 'finance.adjustmentApprove', 'finance.proposalDecline', 'savedView.delete', 'reconciliation.resolve']) {
      expect(auditObjectKindOf(action), action).not.toBeNull();
    }
  });

  it('reads a stored object back only when it is well formed', () => {
    expect(storedAuditObject({ object: { kind: 'order', id: 5 } })).toEqual({ kind: 'order', id: 5 });
    expect(storedAuditObject({ object: { kind: 'planet', id: 5 } })).toBeNull();
    expect(storedAuditObject({ object: { kind: 'order', id: '5' } })).toBeNull();
    expect(storedAuditObject({})).toBeNull();
  });

  it('filters by kind, or kind and number; a number alone is refused', () => {
    expect(AuditListBody.parse({ objectKind: 'request', objectId: 17 })).toMatchObject({ objectKind: 'request', objectId: 17 });
    expect(AuditListBody.parse({ objectKind: 'request' })).toMatchObject({ objectKind: 'request', objectId: null });
    expect(AuditListBody.safeParse({ objectId: 17 }).error?.issues[0]?.path).toEqual(['objectKind']);
    expect(AuditListBody.safeParse({ objectKind: 'planet' }).success).toBe(false);
    expect(AuditListBody.safeParse({ objectKind: 'user', objectId: 0 }).success).toBe(false);
    expect(AuditListBody.safeParse({ objectKind: 'user', objectId: Number.MAX_SAFE_INTEGER + 1 }).success).toBe(false);
    expect(AuditExportQuery.parse({ objectKind: 'order', objectId: '42' })).toMatchObject({ objectKind: 'order', objectId: 42 });
    expect(AuditExportQuery.safeParse({ objectId: '42' }).success).toBe(false);
    expect(AuditExportQuery.safeParse({ objectKind: 'order', objectId: '4x' }).success).toBe(false);
  });
});
