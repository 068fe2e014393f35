import { describe, expect, it, vi } from 'vitest';
import type { RefreshAnswer } from '@aurum/domain/auth/schemas';
import { ApiError } from '../../http/api-error.ts';
import { createAuthController } from '../auth-controller.ts';
import { SESSION_KEYS, peekSessionMessage } from '../session-storage.ts';
import { memoryStorage } from './memory-storage.ts';

const user = {
  id: 1,
  username: 'admin',
  firstName: 'Aurum',
  lastName: 'Administrator',
  email: 'admin@aurum.example',
  role: 'SUPER_ADMIN',
  updatedAt: '2026-01-01T00:00:00.000Z',
  creator: null,
};

function signedInController(callRefresh: (body: { id: number; token: string }) => Promise<RefreshAnswer>) {
  const storage = memoryStorage();
  const controller = createAuthController({ storage, callRefresh, logError: () => undefined });
  controller.initialise();
  controller.signIn({ jwt: 'jwt-1', refreshToken: 'rt-1', user });
  return { storage, controller };
}

describe('auth controller', () => {
  it('starts initialising, then signs out when nothing (or something unreadable) is stored', () => {
    const storage = memoryStorage({ [SESSION_KEYS.admin]: '{oops', [SESSION_KEYS.refreshToken]: 'rt', [SESSION_KEYS.accessToken]: 'jwt' });
    const controller = createAuthController({ storage, callRefresh: vi.fn() });
    expect(controller.getState()).toEqual({ status: 'initialising' });
    controller.initialise();
    expect(controller.getState()).toEqual({ status: 'signedOut' });
    // the unusable leftovers are cleared
    expect(storage.dump()).toEqual({});
  });

  it('restores a stored session', () => {
    const { storage } = signedInController(vi.fn());
    const restored = createAuthController({ storage, callRefresh: vi.fn() });
    restored.initialise();
    expect(restored.getState()).toMatchObject({ status: 'signedIn', via: 'restore', admin: { id: 1, role: 'superAdmin' } });
    expect(restored.accessToken()).toBe('jwt-1');
  });

  it('refresh sends the admin id and the login refresh token, and stores the new access token and admin', async () => {
    const callRefresh = vi.fn(async () => ({ jwt: 'jwt-2', refreshToken: 'rt-1', user: { ...user, firstName: 'Renamed', role: 'NONE' } }));
    const { storage, controller } = signedInController(callRefresh);
    const listener = vi.fn();
    controller.subscribe(listener);
    await expect(controller.refresh()).resolves.toBe(true);
    expect(callRefresh).toHaveBeenCalledWith({ id: 1, token: 'rt-1' });
    expect(storage.getItem(SESSION_KEYS.accessToken)).toBe('jwt-2');
    expect(storage.getItem(SESSION_KEYS.refreshToken)).toBe('rt-1');
    expect(controller.getState()).toMatchObject({ status: 'signedIn', admin: { firstName: 'Renamed', role: 'none' } });
    expect(listener).toHaveBeenCalled();
  });

  it('keeps refreshing with the login token every time: an answer without a refresh token (SPEC.md §7), or another one, changes nothing', async () => {
    const answers: RefreshAnswer[] = [
      { jwt: 'jwt-2', user },
      { jwt: 'jwt-3', refreshToken: 'something-else', user },
      { jwt: 'jwt-4', refreshToken: 'rt-1', user },
    ];
    const callRefresh = vi.fn(async (_body: { id: number; token: string }) => answers.shift()!);
    const { storage, controller } = signedInController(callRefresh);
    for (let i = 0; i < 3; i++) await expect(controller.refresh()).resolves.toBe(true);
    expect(callRefresh.mock.calls.map(([body]) => body)).toEqual([
      { id: 1, token: 'rt-1' },
      { id: 1, token: 'rt-1' },
      { id: 1, token: 'rt-1' },
    ]);
    expect(storage.getItem(SESSION_KEYS.refreshToken)).toBe('rt-1');
    expect(storage.getItem(SESSION_KEYS.accessToken)).toBe('jwt-4');
  });

  it.each([400, 401])('a refresh refused with %i clears the session, keeps the 1152 context and reports expiry', async (status) => {
    const { storage, controller } = signedInController(async () => {
      throw new ApiError(status, 1152, 'An administrator ended your session. Please sign in again.');
    });
    const expired = vi.fn();
    controller.onExpired(expired);
    await expect(controller.refresh()).resolves.toBe(false);
    expect(controller.getState()).toEqual({ status: 'signedOut' });
    expect(storage.getItem(SESSION_KEYS.admin)).toBeNull();
    expect(storage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    expect(storage.getItem(SESSION_KEYS.refreshToken)).toBeNull();
    expect(peekSessionMessage(storage)).toBe('An administrator ended your session. Please sign in again.');
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('a refused refresh with another code stores no session message', async () => {
    const { storage, controller } = signedInController(async () => {
      throw new ApiError(400, 1000, null);
    });
    await controller.refresh();
    expect(controller.getState()).toEqual({ status: 'signedOut' });
    expect(peekSessionMessage(storage)).toBeNull();
  });

  it('other refresh failures (network, 500) are only logged: the session stays', async () => {
    const { storage, controller } = signedInController(async () => {
      throw new ApiError(0, 0, null);
    });
    const expired = vi.fn();
    controller.onExpired(expired);
    await expect(controller.refresh()).resolves.toBe(false);
    expect(controller.getState()).toMatchObject({ status: 'signedIn' });
    expect(storage.getItem(SESSION_KEYS.refreshToken)).toBe('rt-1');
    expect(expired).not.toHaveBeenCalled();
  });

  it('a refresh answer arriving after logout cleared storage does not bring the session back', async () => {
    let answer: (value: RefreshAnswer) => void = () => undefined;
    const { storage, controller } = signedInController(() => new Promise((resolve) => (answer = resolve)));
    const pending = controller.refresh();
    controller.forgetStoredSession();
    answer({ jwt: 'jwt-2', refreshToken: 'rt-2', user });
    await expect(pending).resolves.toBe(false);
    expect(storage.getItem(SESSION_KEYS.refreshToken)).toBeNull();
  });

  it('without a stored session refresh calls nothing', async () => {
    const callRefresh = vi.fn();
    const controller = createAuthController({ storage: memoryStorage(), callRefresh });
    controller.initialise();
    await expect(controller.refresh()).resolves.toBe(false);
    expect(callRefresh).not.toHaveBeenCalled();
  });
});
