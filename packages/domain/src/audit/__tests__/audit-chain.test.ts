import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, auditCanonical, chainStart, verifyAuditRows, type ChainedRow } from '../audit-chain.ts';
import { AuditListBody, csvField, resolveTimeRange } from '../audit-schemas.ts';

// a stand-in hash (the server uses sha256): deterministic and sensitive to every character
const fakeHash = (text: string) => {
  let h = 0n;
  for (const ch of text) h = (h * 131n + BigInt(ch.codePointAt(0)!)) % (1n << 200n);
  return h.toString(16).padStart(64, '0').slice(-64);
};

function chain(n: number): ChainedRow[] {
  const rows: ChainedRow[] = [];
  let prev = GENESIS_HASH;
  for (let i = 1; i <= n; i++) {
    const row = { id: i, at: `2030-01-0${i}T00:00:00.000000Z`, adminId: i % 2 ? null : 7, username: `u${i}`, action: 'user.update', detail: `{"n": ${i}}`, device: null, ip: '::1', prevHash: prev };
    const rowHash = fakeHash(auditCanonical(row));
    rows.push({ ...row, rowHash });
    prev = rowHash;
  }
  return rows;
}

describe('audit hash chain (pure)', () => {
  it('serialises as a JSON array of nine strings or null', () => {
    const text = auditCanonical({ id: 3, at: 'T', adminId: null, username: 'a"b', action: 'x', detail: '{"k": 1}', device: null, ip: null, prevHash: 'p' });
    expect(text).toBe('["3","T",null,"a\\"b","x","{\\"k\\": 1}",null,null,"p"]');
    expect(JSON.parse(text)).toHaveLength(9);
  });

  it('accepts an intact chain, batch after batch', () => {
    const rows = chain(6);
    const state = chainStart();
    expect(verifyAuditRows(rows.slice(0, 4), state, fakeHash)).toBeNull();
    expect(verifyAuditRows(rows.slice(4), state, fakeHash)).toBeNull();
    expect(state).toEqual({ lastId: 6, lastHash: rows[5]!.rowHash, checked: 6 });
  });

  it('finds an altered row, a re-hashed altered row, a removed row and a removed first row', () => {
    const altered = chain(5);
    altered[2] = { ...altered[2]!, username: 'mallory' };
    expect(verifyAuditRows(altered, chainStart(), fakeHash)).toMatchObject({ id: 3, kind: 'altered' });

    const rehashed = chain(5);
    const changed = { ...rehashed[2]!, detail: '{"n": 99}' };
    rehashed[2] = { ...changed, rowHash: fakeHash(auditCanonical(changed)) };
    expect(verifyAuditRows(rehashed, chainStart(), fakeHash)).toMatchObject({ id: 4, kind: 'link' });

    const removed = chain(5).filter((r) => r.id !== 3);
    expect(verifyAuditRows(removed, chainStart(), fakeHash)).toMatchObject({ id: 4, kind: 'link' });
    expect(verifyAuditRows(chain(3).slice(1), chainStart(), fakeHash)).toMatchObject({ id: 2, kind: 'link', reason: expect.stringMatching(/start of the chain/) });
    expect(verifyAuditRows([{ ...chain(1)[0]!, rowHash: null }], chainStart(), fakeHash)).toMatchObject({ id: 1, kind: 'altered' });
  });
});

describe('audit filter and CSV', () => {
  it('resolves a time range: Kuala Lumpur days, ISO date-times, at most 366 days, never reversed', () => {
    expect(resolveTimeRange('2030-01-01', '2030-01-01')).toEqual({ from: '2029-12-31T16:00:00.000Z', toExclusive: '2030-01-01T16:00:00.000Z' });
    expect(resolveTimeRange('2030-01-01T00:00:00Z', '2030-01-01T01:00:00.5+01:00')).toEqual({ from: '2030-01-01T00:00:00.000Z', toExclusive: '2030-01-01T00:00:00.501Z' });
    expect(resolveTimeRange('2028-01-01', '2028-12-31')).not.toBeNull();
    expect(resolveTimeRange('2028-01-01', '2029-01-01')).toBeNull();
    expect(resolveTimeRange('2030-01-02', '2030-01-01')).toBeNull();
    expect(resolveTimeRange('2030-02-29', '2030-03-01')).toBeNull();
    expect(resolveTimeRange('2030-01-01T00:00', '2030-01-02')).toBeNull();
  });

  it('parses the list body with every filter nullable', () => {
    expect(AuditListBody.parse({})).toEqual({ username: null, timeRange: null, actionClassification: null, limit: 10, after: null, before: null });
    expect(AuditListBody.safeParse({ actionClassification: 'nope' }).success).toBe(false);
    expect(AuditListBody.parse({ username: '  ' }).username).toBeNull();
  });

  it('quotes CSV fields and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('-x,y')).toBe(`"'-x,y"`);
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });
});
