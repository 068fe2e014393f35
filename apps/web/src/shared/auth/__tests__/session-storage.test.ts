import { describe, expect, it } from 'vitest';
import {
  SESSION_KEYS,
  adminFromWire,
  clearSession,
  clearSessionMessage,
  displayName,
  peekSessionMessage,
  readStoredAdmin,
  readStoredSession,
  storeSessionMessage,
  writeSession,
  type SessionAdmin,
} from '../session-storage.ts';
import { memoryStorage } from './memory-storage.ts';

const admin: SessionAdmin = {
  id: 3,
  username: 'ann',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@aurum.example',
  role: 'financeMaker',
  createdAt: '2026-01-02T03:04:05.000Z',
  createdBy: 'admin',
};

describe('stored admin', () => {
  it('reads back what was written', () => {
    const storage = memoryStorage();
    writeSession(storage, { admin, accessToken: 'jwt', refreshToken: 'rt' });
    expect(readStoredAdmin(storage)).toEqual(admin);
    expect(readStoredSession(storage)).toEqual({ admin, accessToken: 'jwt', refreshToken: 'rt' });
  });

  it('ignores a missing admin', () => {
    expect(readStoredAdmin(memoryStorage())).toBeNull();
    expect(readStoredSession(memoryStorage({ [SESSION_KEYS.refreshToken]: 'rt' }))).toBeNull();
  });

  it.each([
    ['not JSON', '{"id":3,'],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['a string', '"ann"'],
    ['no id', JSON.stringify({ ...admin, id: undefined })],
    ['a text id', JSON.stringify({ ...admin, id: '3' })],
    ['a zero id', JSON.stringify({ ...admin, id: 0 })],
    ['an unknown role', JSON.stringify({ ...admin, role: 'SUPER_ADMIN' })],
    ['a missing field', JSON.stringify({ ...admin, email: undefined })],
    ['a field of the wrong type', JSON.stringify({ ...admin, firstName: 5 })],
  ])('ignores an unparsable admin: %s', (_label, raw) => {
    const storage = memoryStorage({ [SESSION_KEYS.admin]: raw, [SESSION_KEYS.refreshToken]: 'rt', [SESSION_KEYS.accessToken]: 'jwt' });
    expect(readStoredAdmin(storage)).toBeNull();
    expect(readStoredSession(storage)).toBeNull();
  });

  it('needs a refresh token to carry a session on; the access token may be missing', () => {
    const storage = memoryStorage({ [SESSION_KEYS.admin]: JSON.stringify(admin) });
    expect(readStoredSession(storage)).toBeNull();
    storage.setItem(SESSION_KEYS.refreshToken, 'rt');
    expect(readStoredSession(storage)).toEqual({ admin, refreshToken: 'rt', accessToken: null });
  });

  it('clearSession removes admin and both tokens but keeps the session message', () => {
    const storage = memoryStorage();
    writeSession(storage, { admin, accessToken: 'jwt', refreshToken: 'rt' });
    storeSessionMessage(storage, 'Your session has expired. Please sign in again.');
    clearSession(storage);
    expect(storage.dump()).toEqual({ [SESSION_KEYS.sessionMessage]: 'Your session has expired. Please sign in again.' });
    expect(peekSessionMessage(storage)).toBe('Your session has expired. Please sign in again.');
    clearSessionMessage(storage);
    expect(peekSessionMessage(storage)).toBeNull();
  });
});

describe('adminFromWire', () => {
  it('maps the role, created at and created by (a dash when absent)', () => {
    const wire = {
      id: 9,
      username: 'ops',
      firstName: 'Op',
      lastName: 'Erator',
      email: 'ops@aurum.example',
      role: 'OPERATION_APPROVER',
      updatedAt: '2026-02-03T00:00:00.000Z',
      creator: null,
    };
    expect(adminFromWire(wire)).toEqual({
      id: 9,
      username: 'ops',
      firstName: 'Op',
      lastName: 'Erator',
      email: 'ops@aurum.example',
      role: 'operationApprover',
      createdAt: '2026-02-03T00:00:00.000Z',
      createdBy: '-',
    });
    expect(adminFromWire({ ...wire, role: 'JANITOR', creator: 'admin' })).toMatchObject({ role: 'none', createdBy: 'admin' });
  });

  it('displayName falls back to the username', () => {
    expect(displayName(admin)).toBe('Ann Lee');
    expect(displayName({ ...admin, firstName: ' ', lastName: '' })).toBe('ann');
  });
});
