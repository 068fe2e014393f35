import { describe, expect, it } from 'vitest';
import {
  AUDIT_KEY_CUTOVER,
  AUDIT_KEY_ROTATION,
  GENESIS_HASH,
  auditCanonical,
  chainStart,
  cutoverDetail,
  rotationEndorsementText,
  verifyAuditRows,
  verifyChainEnd,
  type ChainHasher,
  type ChainedRow,
} from '../audit-chain.ts';
import { AuditListBody, resolveTimeRange } from '../audit-schemas.ts';

// a stand-in hash (the server uses sha256 and HMAC-SHA256): deterministic and sensitive to every character
const fakeHash = (text: string) => {
  let h = 0n;
  for (const ch of text) h = (h * 131n + BigInt(ch.codePointAt(0)!)) % (1n << 200n);
  return h.toString(16).padStart(64, '0').slice(-64);
};
const KEY_A = 'aaaaaaaaaaaaaaaa';
const KEY_B = 'bbbbbbbbbbbbbbbb';
const SECRETS: Record<string, string> = { [KEY_A]: 'secret A', [KEY_B]: 'secret B' };
/** A hasher holding the given keys (by id). */
const hasher = (...held: string[]): ChainHasher => ({
  sha256: fakeHash,
  hmac: (keyId, text) => (held.includes(keyId) ? fakeHash(`${SECRETS[keyId]}|${text}`) : null),
});
const both = hasher(KEY_A, KEY_B);

type Spec = { keyId?: string | null; action?: string; detail?: (id: number, prevHash: string) => unknown };

/** Rows chained in order, each plain sha256 or keyed with its key (always by a hasher holding every key). */
function build(specs: Spec[]): ChainedRow[] {
  const rows: ChainedRow[] = [];
  let prev = GENESIS_HASH;
  specs.forEach((spec, k) => {
    const i = k + 1;
    const keyId = spec.keyId ?? null;
    const detail = JSON.stringify(spec.detail ? spec.detail(i, prev) : { n: i });
    const row = { id: i, at: `2030-01-01T00:00:0${i % 10}.000000Z`, adminId: i % 2 ? null : 7, username: `u${i}`, action: spec.action ?? 'user.update', detail, device: null, ip: '::1', prevHash: prev, keyId };
    const rowHash = keyId === null ? fakeHash(auditCanonical(row)) : both.hmac(keyId, auditCanonical(row))!;
    rows.push({ ...row, rowHash });
    prev = rowHash;
  });
  return rows;
}
const plain = (n: number): Spec[] => Array.from({ length: n }, () => ({}));
const keyed = (n: number, keyId: string): Spec[] => Array.from({ length: n }, () => ({ keyId }));
const cutover = (keyId: string): Spec => ({ keyId, action: AUDIT_KEY_CUTOVER, detail: () => cutoverDetail(keyId) });
const rotation = (from: string, to: string, endorsedBy = from): Spec => ({
  keyId: to,
  action: AUDIT_KEY_ROTATION,
  detail: (id, prevHash) => ({ fromKeyId: from, toKeyId: to, endorsement: both.hmac(endorsedBy, rotationEndorsementText({ id, prevHash, fromKeyId: from, toKeyId: to })) }),
});
/** Recomputes the hashes of rows[from..] as a database superuser can: plain sha256, chained. */
function rehashPlain(rows: ChainedRow[], from: number): ChainedRow[] {
  const out = rows.map((r) => ({ ...r }));
  for (let k = from; k < out.length; k++) {
    out[k]!.prevHash = k === 0 ? GENESIS_HASH : out[k - 1]!.rowHash!;
    out[k]!.keyId = null;
    out[k]!.rowHash = fakeHash(auditCanonical(out[k]!));
  }
  return out;
}
const verifyAll = (rows: ChainedRow[], h: ChainHasher, current: string) => {
  const state = chainStart();
  return { broken: verifyAuditRows(rows, state, h) ?? verifyChainEnd(state, current), state };
};

describe('audit hash chain (pure)', () => {
  it('serialises as a JSON array of nine strings or null, and a keyed row with its key id tenth', () => {
    const row = { id: 3, at: 'T', adminId: null, username: 'a"b', action: 'x', detail: '{"k": 1}', device: null, ip: null, prevHash: 'p' };
    const text = auditCanonical(row);
    expect(text).toBe('["3","T",null,"a\\"b","x","{\\"k\\": 1}",null,null,"p"]');
    expect(JSON.parse(text)).toHaveLength(9);
    expect(auditCanonical({ ...row, keyId: null })).toBe(text);
    expect(auditCanonical({ ...row, keyId: KEY_A })).toBe(`${text.slice(0, -1)},"${KEY_A}"]`);
  });

  it('accepts an intact plain chain, batch after batch', () => {
    const rows = build(plain(6));
    const state = chainStart();
    expect(verifyAuditRows(rows.slice(0, 4), state, both)).toBeNull();
    expect(verifyAuditRows(rows.slice(4), state, both)).toBeNull();
    expect(state).toEqual({ lastId: 6, lastHash: rows[5]!.rowHash, checked: 6, keyId: null, cutoverId: null, rotations: 0 });
  });

  it('finds an altered row, a re-hashed altered row, a removed row and a removed first row', () => {
    const altered = build(plain(5));
    altered[2] = { ...altered[2]!, username: 'mallory' };
    expect(verifyAuditRows(altered, chainStart(), both)).toMatchObject({ id: 3, kind: 'altered' });

    const rehashed = build(plain(5));
    const changed = { ...rehashed[2]!, detail: '{"n": 99}' };
    rehashed[2] = { ...changed, rowHash: fakeHash(auditCanonical(changed)) };
    expect(verifyAuditRows(rehashed, chainStart(), both)).toMatchObject({ id: 4, kind: 'link' });

    const removed = build(plain(5)).filter((r) => r.id !== 3);
    expect(verifyAuditRows(removed, chainStart(), both)).toMatchObject({ id: 4, kind: 'link' });
    expect(verifyAuditRows(build(plain(3)).slice(1), chainStart(), both)).toMatchObject({ id: 2, kind: 'link', reason: expect.stringMatching(/start of the chain/) });
    expect(verifyAuditRows([{ ...build(plain(1))[0]!, rowHash: null }], chainStart(), both)).toMatchObject({ id: 1, kind: 'altered' });
  });

  it('verifies the plain part up to the cut-over and the keyed part after it', () => {
    const rows = build([...plain(3), cutover(KEY_A), ...keyed(3, KEY_A)]);
    const { broken, state } = verifyAll(rows, hasher(KEY_A), KEY_A);
    expect(broken).toBeNull();
    expect(state).toMatchObject({ checked: 7, cutoverId: 4, keyId: KEY_A, rotations: 0 });
    // a trail that begins keyed (the cut-over as its first row) is just as good
    expect(verifyAll(build([cutover(KEY_A), ...keyed(2, KEY_A)]), hasher(KEY_A), KEY_A).broken).toBeNull();
  });

  it('catches a superuser who rewrites a row and recomputes plain sha256 hashes, before or after the cut-over', () => {
    const rows = build([...plain(3), cutover(KEY_A), ...keyed(3, KEY_A)]);
    // after the cut-over: the rewritten row and every later one carry plain hashes
    const after = rehashPlain(rows.map((r) => (r.id === 6 ? { ...r, username: 'mallory' } : r)), 5);
    expect(verifyAll(after, hasher(KEY_A), KEY_A).broken).toMatchObject({ id: 6, kind: 'altered', reason: expect.stringMatching(/plain sha256 hash after the cut-over to keyed hashes at row 4/) });
    // keeping the key id but guessing the MAC does not help either
    const guessed = rows.map((r) => (r.id === 6 ? { ...r, username: 'mallory', rowHash: fakeHash(auditCanonical({ ...r, username: 'mallory' })) } : r));
    expect(verifyAll(guessed, hasher(KEY_A), KEY_A).broken).toMatchObject({ id: 6, kind: 'altered' });
    // before it: the plain part verifies again, but the keyed cut-over row no longer follows it
    const before = rehashPlain(rows.map((r) => (r.id === 2 ? { ...r, username: 'mallory' } : r)), 1).map((r, k) => (k >= 3 ? rows[k]! : r));
    expect(verifyAll(before, hasher(KEY_A), KEY_A).broken).toMatchObject({ id: 4, kind: 'link' });
    // the whole trail rewritten as plain sha256 (the cut-over gone): each row checks out, but the trail does not end keyed
    const all = rehashPlain(rows, 0);
    expect(verifyAll(all, hasher(KEY_A), KEY_A).broken).toMatchObject({ id: 7, kind: 'key', reason: expect.stringMatching(/ends at row 7 with a plain sha256 hash/) });
  });

  it('needs the key: an unknown key, a first keyed row that is not the cut-over, a trail ending with another key', () => {
    const rows = build([...plain(2), cutover(KEY_A), ...keyed(2, KEY_A)]);
    expect(verifyAll(rows, hasher(KEY_B), KEY_B).broken).toMatchObject({ id: 3, kind: 'key', reason: expect.stringMatching(/does not hold/) });
    expect(verifyAll(rows, hasher(KEY_A, KEY_B), KEY_B).broken).toMatchObject({ id: 5, kind: 'key', reason: expect.stringMatching(/not with the current key/) });
    expect(verifyAll(build([...plain(2), ...keyed(2, KEY_A)]), hasher(KEY_A), KEY_A).broken).toMatchObject({ id: 3, kind: 'key', reason: expect.stringMatching(/not the cut-over/) });
    // a row moved to another held key without a rotation
    expect(verifyAll(build([cutover(KEY_A), ...keyed(1, KEY_A), ...keyed(1, KEY_B)]), both, KEY_B).broken).toMatchObject({ id: 3, kind: 'key', reason: expect.stringMatching(/no rotation/) });
    expect(verifyChainEnd(chainStart(), KEY_A)).toBeNull();
  });

  it('refuses every row keyed with a public key, even one it holds (the development key, in production)', () => {
    const rows = build([...plain(2), cutover(KEY_A), ...keyed(2, KEY_A), rotation(KEY_A, KEY_B), ...keyed(1, KEY_B)]);
    expect(verifyAll(rows, both, KEY_B).broken).toBeNull();
    const publicA: ChainHasher = { ...both, publicKeyId: KEY_A };
    expect(verifyAll(rows, publicA, KEY_B).broken).toMatchObject({ id: 3, kind: 'key', reason: expect.stringMatching(/public development key/) });
  });

  it('checks an anchor kept outside the database: its row must be there with its hash, so a whole rewritten trail is caught', () => {
    const rows = build([...plain(2), cutover(KEY_A), ...keyed(3, KEY_A)]);
    const anchor = { id: 4, hash: rows[3]!.rowHash! };
    const walk = (r: ChainedRow[], a: { id: number; hash: string }) => {
      const state = chainStart();
      return verifyAuditRows(r, state, hasher(KEY_A), a) ?? verifyChainEnd(state, KEY_A, a);
    };
    expect(walk(rows, anchor)).toBeNull();
    // batch after batch, the anchor in the first batch
    const state = chainStart();
    expect(verifyAuditRows(rows.slice(0, 4), state, hasher(KEY_A), anchor) ?? verifyAuditRows(rows.slice(4), state, hasher(KEY_A), anchor) ?? verifyChainEnd(state, KEY_A, anchor)).toBeNull();
    // the whole trail rewritten consistently by someone holding the key (or under a public one): the anchor differs
    const rewritten = build([...plain(2), cutover(KEY_A), ...keyed(3, KEY_A)].map((spec, k) => (k === 0 ? { ...spec, detail: () => ({ forged: true }) } : spec)));
    expect(walk(rewritten, anchor)).toMatchObject({ id: 4, kind: 'altered', reason: expect.stringMatching(/anchored hash/) });
    // the anchor row removed (and the chain re-linked), or cut off with the tail: missing
    expect(walk(rows.filter((r) => r.id !== 4), anchor)).toMatchObject({ id: 4, kind: 'link', reason: expect.stringMatching(/not in the trail/) });
    expect(walk(rows.slice(0, 3), anchor)).toMatchObject({ id: 4, kind: 'link', reason: expect.stringMatching(/anchor row 4/) });
    expect(walk(rows, { id: 99, hash: anchor.hash })).toMatchObject({ id: 99, kind: 'link' });
  });

  it('walks across a rotation with the old and the new key, and refuses one without the old key\'s endorsement', () => {
    const rows = build([...plain(2), cutover(KEY_A), ...keyed(2, KEY_A), rotation(KEY_A, KEY_B), ...keyed(2, KEY_B)]);
    const { broken, state } = verifyAll(rows, both, KEY_B);
    expect(broken).toBeNull();
    expect(state).toMatchObject({ checked: 8, cutoverId: 3, keyId: KEY_B, rotations: 1 });
    // without the old key, its rows cannot be checked
    expect(verifyAll(rows, hasher(KEY_B), KEY_B).broken).toMatchObject({ id: 3, kind: 'key' });
    // the configuration still on the old key: the trail ends with a key it does not hold
    expect(verifyAll(rows, hasher(KEY_A), KEY_A).broken).toMatchObject({ id: 6, kind: 'key' });
    // a rotation endorsed by the new key only (someone holding B alone claims A's chain)
    const unendorsed = build([cutover(KEY_A), ...keyed(1, KEY_A), rotation(KEY_A, KEY_B, KEY_B), ...keyed(1, KEY_B)]);
    expect(verifyAll(unendorsed, both, KEY_B).broken).toMatchObject({ id: 3, kind: 'key', reason: expect.stringMatching(/without the endorsement/) });
    // after the rotation, a row under the old key is refused (a leaked old key cannot extend the chain)
    const stale = build([cutover(KEY_A), rotation(KEY_A, KEY_B), ...keyed(1, KEY_A)]);
    expect(verifyAll(stale, both, KEY_B).broken).toMatchObject({ id: 3, kind: 'key' });
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
    expect(AuditListBody.parse({})).toEqual({ username: null, timeRange: null, actionClassification: null, objectKind: null, objectId: null, limit: 10, after: null, before: null });
    expect(AuditListBody.safeParse({ actionClassification: 'nope' }).success).toBe(false);
    expect(AuditListBody.parse({ username: '  ' }).username).toBeNull();
  });
});
