import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { migrate } from '../../../db/migrate.ts';
import { databaseMigratedBefore } from '../../../testing/migrated-before.ts';
import { positionAnswer } from '../treasury-service.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

describe(`migration 020 gives an existing database its books and an opening balance to reconcile, on ${driver}`, () => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, close } = await databaseMigratedBefore('020'));
  });
  afterAll(() => close?.());

  it('customer metal already there and no bars: one synthetic opening bar and its posting cover it exactly; the books match the ledger and the orders', async () => {
    const [u] = await db.query<{ id: number }>(
      `INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ('opening', 'opening@example.com', '65', '91234567') RETURNING id`,
    );
    const userId = u!.id;
    const [e] = await db.query<{ id: number }>(`INSERT INTO ledger_entries (kind, user_id) VALUES ('deposit', $1) RETURNING id`, [userId]);
    await db.query(
      `INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:vault', $2, 'XAU', 100.5), ($1, $3, $4, 'XAU', 20)`,
      [e!.id, `user:${userId}:gold`, `user:${userId}:gold`, `user:${userId}:goldHeld`],
    );
    // a filled buy of 30 g (owed) and a filled sell that reserved the 20 g held (sold: no longer the customer's)
    for (const [action, qty, reserved] of [
      ['BUY', '30', '0'],
      ['SELL', '20', '20'],
    ] as const) {
      await db.query(
        `INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, gold_reserved)
         VALUES ($1, $2, $3, 'MARKET', 'FILLED', 'XAU/MYR', 'MYR', $4, $5)`,
        [`EXOPEN${action}`, userId, action, qty, reserved],
      );
    }
    await migrate(db);
    // customer metal: 100.5 in wallets (80.5 gold + 20 held for the sell) - 20 sold + 30 owed = 110.5
    const bars = await db.query<{ serial: string; form: string; book_weight: string; status: string; code: string }>(
      `SELECT b.serial, b.form, b.book_weight::text, b.status, v.code FROM vault_bars b JOIN vaults v ON v.id = b.vault_id`,
    );
    expect(bars).toEqual([{ serial: 'OPENING-XAU', form: 'opening-balance', book_weight: '110.5000', status: 'available', code: 'OPENING' }]);
    const posting = await db.query<{ from_account: string; to_account: string; amount: string; kind: string }>(
      `SELECT p.from_account, p.to_account, p.amount::text, e.kind FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id WHERE e.kind = 'treasury.opening'`,
    );
    expect(posting).toEqual([{ from_account: 'metal:XAU:outside', to_account: 'metal:XAU:vault:OPENING', amount: '110.5000', kind: 'treasury.opening' }]);
    const xau = (await positionAnswer(db, null, new Date())).items[0]!;
    expect(xau).toMatchObject({
      customerHoldings: '80.5000',
      buyObligations: '30.0000',
      sellReceivables: '0.0000',
      vaultStock: '110.5000',
      coverageHeadroom: '0.0000',
      net: '0.0000',
      mtmMyr: null,
    });
    // the books written by trigger from now on agree with a fresh sum of the ledger
    const [fresh] = await db.query<{ wallets: string }>(
      `SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_postings WHERE asset = 'XAU' AND to_account LIKE 'user:%')
            - (SELECT coalesce(sum(amount), 0) FROM ledger_postings WHERE asset = 'XAU' AND from_account LIKE 'user:%') AS wallets`,
    );
    const [books] = await db.query<{ wallets: string }>(`SELECT sum(delta) AS wallets FROM treasury_book_deltas WHERE metal = 'XAU' AND book = 'wallets'`);
    expect(Number(books!.wallets)).toBe(Number(fresh!.wallets));
  });
});
