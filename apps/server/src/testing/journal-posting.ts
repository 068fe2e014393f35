import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/db.ts';
import { client, roleTokens } from './client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** One posting of a test's journal entry: debits `from`, credits `to`. */
export interface DatedPosting {
  at: string;
  from: string;
  to: string;
  asset: string;
  amount: string;
  kind?: string;
  note?: string | null;
}

/**
 * A journal entry of one posting dated at a moment, written as the wallet writes it (the entry,
 * then its posting, in one transaction), for tests that need postings on given days.
 */
export async function postDated(db: Db, userId: number | null, p: DatedPosting): Promise<number> {
  return db.transaction(async (tx) => {
    const [e] = await tx.query<{ id: number }>('INSERT INTO ledger_entries (kind, user_id, note, created_at) VALUES ($1, $2, $3, $4) RETURNING id', [
      p.kind ?? 'test.finance',
      userId,
      p.note ?? null,
      p.at,
    ]);
    await tx.query('INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, $2, $3, $4, $5)', [e!.id, p.from, p.to, p.asset, p.amount]);
    return Number(e!.id);
  });
}

/**
 * A test server for a file of journal tests, started before its tests and closed after them: its
 * client, the demo admins' tokens by role, its first user and `post`, one-posting entries of that
 * user dated at a moment.
 */
export function journalTestServer() {
  let ts: TestServer | undefined;
  let api: ReturnType<typeof client> | undefined;
  let userId = 0;
  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    const [u] = await ts.db.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
    userId = Number(u!.id);
  });
  afterAll(() => ts?.close());
  const started = () => {
    if (!ts || !api) throw new Error('the journal test server starts in beforeAll');
    return { ts, api };
  };
  return {
    get ts(): TestServer {
      return started().ts;
    },
    get api(): ReturnType<typeof client> {
      return started().api;
    },
    get userId(): number {
      return userId;
    },
    tokenOf: roleTokens(() => started().ts),
    post: (at: string, from: string, to: string, asset: string, amount: string) => postDated(started().ts.db, userId, { at, from, to, asset, amount }),
  };
}
