import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, ErrorCode, errorStatusOf } from '@aurum/domain/errors/catalogue';
import { AppError, appError, checkedStatus } from '../app-error.ts';

const codes = Object.values(ErrorCode);

describe('error statuses in the catalogue', () => {
  it('gives every code of the catalogue one HTTP status, and declares no other code', () => {
    for (const code of codes) {
      const entry = errorStatusOf(code);
      expect(entry, `code ${code}`).toBeDefined();
      expect(entry!.status, `code ${code}`).toBeGreaterThanOrEqual(400);
      expect(entry!.status, `code ${code}`).toBeLessThan(600);
      for (const other of entry!.also ?? []) {
        expect(other, `code ${code}`).toBeGreaterThanOrEqual(400);
        expect(other, `code ${code}`).not.toBe(entry!.status);
      }
    }
    expect(Object.keys(ERROR_STATUS).map(Number).sort()).toEqual([...codes].sort());
    expect(errorStatusOf(3000)).toBeUndefined();
  });

  it('answers the statuses of DECISIONS.md §2', () => {
    expect(errorStatusOf(ErrorCode.Unknown)?.status).toBe(500);
    expect(errorStatusOf(ErrorCode.InvalidFormat)).toEqual({ status: 400, also: [409] });
    expect(errorStatusOf(ErrorCode.NotFound)?.status).toBe(404);
    expect(errorStatusOf(ErrorCode.Forbidden)?.status).toBe(403);
    expect(errorStatusOf(ErrorCode.SessionEnded)?.status).toBe(401);
    expect(errorStatusOf(ErrorCode.TooManyAttempts)?.status).toBe(429);
    expect(errorStatusOf(ErrorCode.OrderStatusConflict)?.status).toBe(409);
    expect(errorStatusOf(ErrorCode.GreaterThanAvailableAssets)?.status).toBe(422);
    expect(errorStatusOf(ErrorCode.ConcurrentChangeRetryLater)?.status).toBe(503);
  });
});

describe('raising an error', () => {
  it('takes the status from the catalogue', () => {
    for (const code of codes) expect(appError(code).status).toBe(ERROR_STATUS[code].status);
    const e = appError(ErrorCode.InvalidFormat, 'quantity', { detail: { rule: 'minimumQuantity', value: '5' } });
    expect(e).toBeInstanceOf(AppError);
    expect({ status: e.status, body: e.body() }).toEqual({ status: 400, body: { code: 1001, context: 'quantity', detail: { rule: 'minimumQuantity', value: '5' } } });
  });

  it('takes another status only when the catalogue lists it for the code', () => {
    expect(appError(ErrorCode.InvalidFormat, 'username', { status: 409 }).status).toBe(409);
    expect(appError(ErrorCode.BadRequest, 'Unsupported content type', { status: 415 }).status).toBe(415);
    expect(() => appError(ErrorCode.NotFound, null, { status: 409 })).toThrow(/Error code 1003 is not raised with status 409; the catalogue gives it 404/);
    expect(() => appError(ErrorCode.InvalidFormat, 'amount', { status: 422 })).toThrow(/not raised with status 422; the catalogue gives it 400, 409/);
  });

  it('checks a status written by hand in the constructor the same way, and refuses a code outside the catalogue', () => {
    expect(new AppError(409, ErrorCode.OrderStatusConflict, 'x').status).toBe(409);
    expect(() => new AppError(400, ErrorCode.OrderStatusConflict, 'x')).toThrow(/not raised with status 400/);
    expect(() => new AppError(409, 3000, 'x')).toThrow(/Error code 3000 is not in the error catalogue/);
    expect(checkedStatus(ErrorCode.ConcurrentChangeRetryLater)).toBe(503);
  });
});
