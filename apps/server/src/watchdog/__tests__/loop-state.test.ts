import { describe, expect, it } from 'vitest';
import { CALL_SLOTS, LoopState } from '../loop-state.ts';

describe('the memory the event loop shares with its watchdog', () => {
  it('shows another reader of the buffer the heartbeat and the calls in flight, oldest first', () => {
    const main = new LoopState();
    const watchdog = new LoopState(main.buffer);
    expect(watchdog.beats()).toBe(0);
    main.beat();
    main.beat();
    expect(watchdog.beats()).toBe(2);

    const pnl = main.claim(main.label('GET', '/v0/web/secure/finance/pnl'), 'req-7', 2_000);
    const login = main.claim(main.label('POST', '/v0/web/auth/admin/login'), 'req-5', 1_000);
    expect(watchdog.calls()).toEqual({
      calls: [
        { call: 'POST /v0/web/auth/admin/login', requestId: 'req-5', startedAt: 1_000 },
        { call: 'GET /v0/web/secure/finance/pnl', requestId: 'req-7', startedAt: 2_000 },
      ],
      untracked: 0,
    });
    main.release(login);
    expect(watchdog.calls().calls.map((c) => c.call)).toEqual(['GET /v0/web/secure/finance/pnl']);
    main.release(pnl);
    expect(watchdog.calls()).toEqual({ calls: [], untracked: 0 });
  });

  it('counts the calls beyond its slots, reuses freed slots, and cuts what does not fit', () => {
    const main = new LoopState();
    const label = main.label('GET', `/${'x'.repeat(500)}`);
    const slots = Array.from({ length: CALL_SLOTS + 2 }, (_, i) => main.claim(label, `req-${i}-${'9'.repeat(40)}`, i));
    expect(slots.filter((s) => s < 0)).toHaveLength(2);
    const seen = main.calls();
    expect(seen.calls).toHaveLength(CALL_SLOTS);
    expect(seen.untracked).toBe(2);
    expect(Buffer.byteLength(seen.calls[0]!.call)).toBeLessThanOrEqual(160);
    expect(Buffer.byteLength(seen.calls[0]!.requestId)).toBe(32);
    main.release(-1);
    main.release(slots[3]!);
    expect(main.calls()).toMatchObject({ untracked: 1 });
    expect(main.claim(main.label('GET', '/again'), 'req-again', 99)).toBe(slots[3]);
    expect(main.calls().calls.find((c) => c.requestId === 'req-again')).toEqual({ call: 'GET /again', requestId: 'req-again', startedAt: 99 });
  });
});
