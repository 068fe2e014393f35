import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import type { Queryable } from '../../../db/db.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client, otherAdminToken, roleTokens } from '../../../testing/client.ts';
import { postDated } from '../../../testing/journal-posting.ts';
import { trialBalanceBetween } from '../finance-service.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';

/**
 * A balance read looks the latest close up, then reads that close's books with the postings since.
 * A second superAdmin may approve its reopening between the two statements, which deletes its books: the read
 * must notice and start again, never answer balances without their opening.
 */
describe(`a balance read racing a reopen, on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const tokenOf = roleTokens(() => ts);
  const secondSuperAdmin = otherAdminToken(() => ts, 'superAdmin', 'rootwo');

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
  });
  afterAll(() => ts?.close());

  it('reads again when the close it started from is reopened under it, and answers what the journal says', async () => {
    const yesterday = dayAfter(businessDate(new Date()), -1);
    // the journal begins yesterday: a first close may not be older than its first entry
    await postDated(ts.db, null, { at: new Date(startOfBusinessDay(yesterday, 1).getTime() - 60_000).toISOString(), from: 'house:bank', to: 'house:capital', asset: 'MYR', amount: '1.00' });
    const closed = await api.call('POST', `${SECURE}/ledger/closes`, { token: await tokenOf('financeApprover'), body: { date: yesterday } });
    expect(closed.status, closed.text).toBe(200);
    const at = new Date();
    const fromSnapshot = await trialBalanceBetween(ts.db, at, at);
    const proposed = await api.call<{ id: number }>('POST', `${SECURE}/ledger/closes/${yesterday}/reopen`, { token: await tokenOf('superAdmin'), body: { reason: 'race' } });
    expect(proposed.status, proposed.text).toBe(200);

    // the reopen lands right after the read's first statement (the close lookup)
    const statements: string[] = [];
    const racing: Queryable = {
      async query<T>(text: string, params?: readonly unknown[]): Promise<T[]> {
        const rows = await ts.db.query<T>(text, params);
        statements.push(text);
        if (statements.length === 1) {
          const reopened = await api.call('POST', `${SECURE}/ledger/proposals/${proposed.body.id}/approve`, { token: await secondSuperAdmin() });
          expect(reopened.status, reopened.text).toBe(200);
        }
        return rows;
      },
    };
    const raced = await trialBalanceBetween(racing, at, at);
    // the close lookup, the books and sums (no books: reopened), the lookup again, the sums alone
    expect(statements).toHaveLength(4);
    expect(raced).toEqual(fromSnapshot);
    expect(raced.every((u) => u.balanced)).toBe(true);
    expect(await trialBalanceBetween(ts.db, at, at)).toEqual(fromSnapshot);
  });
});
