import { isAdminRole, roleFromServer, type AdminRole } from '@aurum/domain/access/roles';
import type { AdminUserWire } from '@aurum/domain/auth/schemas';
import { fullName } from '@aurum/domain/users/full-name';

/** Session storage keys of a signed-in console (SPEC.md §3: admin and tokens live in session storage). */
export const SESSION_KEYS = {
  admin: 'aurum.admin',
  accessToken: 'aurum.accessToken',
  refreshToken: 'aurum.refreshToken',
  /** The message the sign-in page shows once after a session ended (SPEC.md §8). */
  sessionMessage: 'aurum.sessionMessage',
} as const;

/** The signed-in admin as the console keeps it (SPEC.md §3 "Admin (session)"). */
export interface SessionAdmin {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: AdminRole;
  createdAt: string;
  createdBy: string;
}

const TEXT_FIELDS = ['username', 'firstName', 'lastName', 'email', 'createdAt', 'createdBy'] as const;

/**
 * Reads a stored admin without the schema library (it is part of the console's first load):
 * every field present with its type, a positive integer id and a known role, or null.
 */
export function parseSessionAdmin(value: unknown): SessionAdmin | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const { id, role } = record;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return null;
  if (!isAdminRole(role)) return null;
  for (const field of TEXT_FIELDS) if (typeof record[field] !== 'string') return null;
  return {
    id,
    role,
    username: record.username as string,
    firstName: record.firstName as string,
    lastName: record.lastName as string,
    email: record.email as string,
    createdAt: record.createdAt as string,
    createdBy: record.createdBy as string,
  };
}

export interface StoredSession {
  admin: SessionAdmin;
  accessToken: string | null;
  refreshToken: string;
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Maps the auth calls' user: role to its internal name (unknown: none), created by a dash when absent. */
export function adminFromWire(user: AdminUserWire): SessionAdmin {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: roleFromServer(user.role),
    createdAt: user.updatedAt,
    createdBy: user.creator ?? '-',
  };
}

/** The signed-in admin's name for the shell: the full name, or the username when both names are blank. */
export function displayName(admin: Pick<SessionAdmin, 'firstName' | 'lastName' | 'username'>): string {
  return fullName(admin) || admin.username;
}

/** The stored admin, or null when it is missing or cannot be read (SPEC.md §4: it is then ignored). */
export function readStoredAdmin(storage: ReadableStorage): SessionAdmin | null {
  const raw = storage.getItem(SESSION_KEYS.admin);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return parseSessionAdmin(value);
}

/**
 * A session the console can carry on: a readable admin and a refresh token. The access token
 * may be missing or stale: the next refresh replaces it.
 */
export function readStoredSession(storage: ReadableStorage): StoredSession | null {
  const admin = readStoredAdmin(storage);
  const refreshToken = storage.getItem(SESSION_KEYS.refreshToken);
  if (!admin || !refreshToken) return null;
  return { admin, refreshToken, accessToken: storage.getItem(SESSION_KEYS.accessToken) };
}

export function writeSession(storage: WritableStorage, session: { admin: SessionAdmin; accessToken: string; refreshToken: string }): void {
  storage.setItem(SESSION_KEYS.admin, JSON.stringify(session.admin));
  storage.setItem(SESSION_KEYS.accessToken, session.accessToken);
  storage.setItem(SESSION_KEYS.refreshToken, session.refreshToken);
}

/** Forgets admin, access token and refresh token (the session message stays). */
export function clearSession(storage: WritableStorage): void {
  storage.removeItem(SESSION_KEYS.admin);
  storage.removeItem(SESSION_KEYS.accessToken);
  storage.removeItem(SESSION_KEYS.refreshToken);
}

export function storeSessionMessage(storage: WritableStorage, message: string): void {
  storage.setItem(SESSION_KEYS.sessionMessage, message);
}

export function peekSessionMessage(storage: ReadableStorage): string | null {
  const message = storage.getItem(SESSION_KEYS.sessionMessage);
  return message && message.trim().length > 0 ? message : null;
}

export function clearSessionMessage(storage: WritableStorage): void {
  storage.removeItem(SESSION_KEYS.sessionMessage);
}
