import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { migrate } from '../../../db/migrate.ts';
import { databaseMigratedBefore } from '../../../testing/migrated-before.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

describe(`migration 028 keeps an existing database's journal and marks what was booked before the income books, on ${driver}`, () => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, close } = await databaseMigratedBefore('028'));
  });
  afterAll(() => close?.());

  it('old payments keep their interest in the trading desk, new ones go to the income books; the income accounts take postings; old orders have no mid', async () => {
    const [u] = await db.query<{ id: number }>(
      `INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ('income', 'income@example.com', '65', '91234568') RETURNING id`,
    );
    const [o] = await db.query<{ id: number }>(
      `INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, amount, myr_price)
       VALUES ('EXINCOME', $1, 'BUY', 'MARKET', 'SETTLED', 'XAU/MYR', 'MYR', 1, 300, 300) RETURNING id`,
      [u!.id],
    );
    const pay = (note: string) =>
      db.query(`INSERT INTO order_payments (order_id, kind, amount, to_interest, to_principal, payment_date, note) VALUES ($1, 'MYR', 10, 1, 9, '2030-01-20', $2)`, [o!.id, note]);
    await pay('before');
    // an income account is not a journal account yet
    const [e] = await db.query<{ id: number }>(`INSERT INTO ledger_entries (kind) VALUES ('test') RETURNING id`);
    await expect(db.query(`INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:tradingMyr', 'house:spread', 'MYR', 1)`, [e!.id])).rejects.toThrow();

    await migrate(db);
    await pay('after');
    const payments = await db.query<{ note: string; interest_in_income: boolean }>('SELECT note, interest_in_income FROM order_payments ORDER BY id');
    expect(payments).toEqual([
      { note: 'before', interest_in_income: false },
      { note: 'after', interest_in_income: true },
    ]);
    const [order] = await db.query<{ mid_myr_per_gram: string | null }>('SELECT mid_myr_per_gram FROM orders WHERE id = $1', [o!.id]);
    expect(order!.mid_myr_per_gram).toBeNull();
    for (const book of ['spread', 'fees', 'interestMyr', 'revaluation']) {
      await db.query(`INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:tradingMyr', $2, 'MYR', 1)`, [e!.id, `house:${book}`]);
    }
    await db.query(`INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:tradingXau', 'house:interestXau', 'XAU', 0.01)`, [e!.id]);
    await expect(db.query(`INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:tradingMyr', 'house:income', 'MYR', 1)`, [e!.id])).rejects.toThrow();
  });
});
