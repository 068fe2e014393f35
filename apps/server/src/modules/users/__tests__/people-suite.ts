import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';


/** An audit row's detail as the tests read it. */
export type AuditDetailView = { before: Record<string, unknown>; after: Record<string, unknown>; [key: string]: unknown };

export const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const S = '/v0/web/secure';

export const newUser = (n: string, extra: Record<string, unknown> = {}) => ({
  username: `user${n}`,
  email: `user${n}@example.com`,
  firstName: 'Test',
  lastName: `User ${n}`,
  password: 'Strong#Pass1',
  phone: { countryCode: '60', number: `19${n.padStart(7, '0')}` },
  category: 'individual',
  ...extra,
});

/**
 * The people tests' server (a fresh one per file) and their helpers: calls as each demo role with
 * a token kept fresh, counts and ids read from the database, the last audit row of an action;
 * after each test the ledger is consistent.
 */
export function peopleSuite() {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const tokens = new Map<string, { jwt: string; at: number }>();

  /** A fresh enough access token of the demo admin of a role (tokens live 60 s). */
  async function as(role: string): Promise<string> {
    const cached = tokens.get(role);
    if (cached && Date.now() - cached.at < 40_000) return cached.jwt;
    const who = ts.demo.byRole[role]!;
    const r = await api.login(who.username, who.password);
    expect(r.status).toBe(200);
    tokens.set(role, { jwt: r.body.jwt, at: Date.now() });
    return r.body.jwt;
  }
  const call = async <T = Record<string, unknown>>(role: string, method: string, path: string, body?: unknown) =>
    api.call<T>(method, path, { token: await as(role), ...(body !== undefined ? { body } : {}) });
  const count = async (sql: string, params: unknown[] = []) =>
    (await ts.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]!.n;
  const userId = async (username: string) =>
    (await ts.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1 AND deleted_at IS NULL', [username]))[0]!.id;
  const lastAudit = async (action: string) =>
    (await ts.db.query<{ username: string; detail: AuditDetailView }>(
      'SELECT username, detail FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1',
      [action],
    ))[0];

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
  });
  afterEach(async () => {
    await expectLedgerConsistent(ts.db);
  });
  afterAll(() => ts?.close());
  return {
    get ts() {
      return ts;
    },
    get api() {
      return api;
    },
    as,
    call,
    count,
    userId,
    lastAudit,
  };
}
