import { describe, expect, it } from 'vitest';
import { formatLsn, parseLsn, replicaLagSeconds } from '../wal-position.ts';

describe('WAL positions', () => {
  it('reads and writes pg_lsn text, past 2^53', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('FFFFFFFF/FFFFFFFF')).toBe((1n << 64n) - 1n);
    expect(formatLsn(parseLsn('16/b374d848')!)).toBe('16/B374D848');
    expect(formatLsn(0n)).toBe('0/0');
  });

  it('refuses what is not a position', () => {
    for (const text of ['', '16', '16/', '/1', '1/2/3', '123456789/0', '0/123456789', 'G/0', ' 0/0', '0/0 ', null, undefined]) {
      expect(parseLsn(text), String(text)).toBeNull();
    }
  });
});

describe('replica lag', () => {
  const t0 = Date.parse('2026-11-28T03:00:00Z');
  // the leader sampled once a second, writing 100 bytes of WAL a second for five seconds
  const samples = [0, 1, 2, 3, 4].map((s) => ({ lsn: 1000n + BigInt(s * 100), at: t0 + s * 1000 }));
  const now = t0 + 4_500;

  it('is 0 for a replica that has replayed the newest sample', () => {
    expect(replicaLagSeconds(1400n, samples, now)).toBe(0);
    expect(replicaLagSeconds(5000n, samples, now)).toBe(0);
  });

  it('is the age of the oldest sample the replica has not replayed', () => {
    // replayed up to the sample of t0+2: lacks what the leader had at t0+3, 1.5 s ago
    expect(replicaLagSeconds(1200n, samples, now)).toBe(1.5);
    expect(replicaLagSeconds(1250n, samples, now)).toBe(1.5);
    // behind every sample kept: at least the oldest one's age
    expect(replicaLagSeconds(10n, samples, now)).toBe(4.5);
  });

  it('stays 0 while an idle leader writes nothing, however old the last write', () => {
    const idle = [0, 1, 2].map((s) => ({ lsn: 1000n, at: t0 + s * 1000 }));
    expect(replicaLagSeconds(1000n, idle, t0 + 3_600_000)).toBe(0);
  });

  it('is unknown before the first sample', () => {
    expect(replicaLagSeconds(0n, [], now)).toBeNull();
  });
});
