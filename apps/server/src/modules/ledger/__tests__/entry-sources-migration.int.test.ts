import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { migrate } from '../../../db/migrate.ts';
import { databaseMigratedBefore } from '../../../testing/migrated-before.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

describe(`migration 030 gives every existing entry its entry time, source and metal, and changes no amount, on ${driver}`, () => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, close } = await databaseMigratedBefore('030'));
  });
  afterAll(() => close?.());

  it("names the order, request, adjustment or bar movement behind each entry, keeps its value time, and the journal stays append-only", async () => {
    const [admin] = await db.query<{ id: number }>(`INSERT INTO admins (username, email, password_hash, role) VALUES ('mig030', 'mig030@example.com', 'x', 'superAdmin') RETURNING id`);
    const [u] = await db.query<{ id: number }>(`INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ('mig030', 'mig030@example.com', '65', '91234569') RETURNING id`);
    const entry = async (kind: string, at: string, note: string | null, from: string, to: string, asset: string) => {
      const [e] = await db.query<{ id: number }>('INSERT INTO ledger_entries (kind, user_id, note, created_at) VALUES ($1, $2, $3, $4) RETURNING id', [kind, u!.id, note, at]);
      await db.query('INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, $2, $3, $4, 10)', [e!.id, from, to, asset]);
      return Number(e!.id);
    };
    const fill = await entry('order.fill', '2026-01-05T02:00:00Z', 'Order', `user:${u!.id}:fund`, 'house:tradingMyr', 'MYR');
    const [o] = await db.query<{ id: number }>(
      `INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, amount, myr_price)
       VALUES ('EX030', $1, 'BUY', 'MARKET', 'FILLED', 'XAU/USD', 'USD', 1, 10, 10) RETURNING id`,
      [u!.id],
    );
    await db.query(`INSERT INTO order_ledger_entries (order_id, entry_id, purpose) VALUES ($1, $2, 'fill')`, [o!.id, fill]);
    const deposit = await entry('deposit', '2026-01-05T03:00:00Z', 'deposit request', 'house:vault', `user:${u!.id}:gold`, 'XAU');
    const [r] = await db.query<{ id: number }>(
      `INSERT INTO payment_requests (user_id, action, method, type, quantity, status, submitted_by, decision_entry_id, decided_at)
       VALUES ($1, 'deposit', 'physicalGold', 'XAU', 10, 'approved', $2, $3, now()) RETURNING id`,
      [u!.id, admin!.id, deposit],
    );
    const adjusted = await entry('finance.adjustment', '2026-01-04T15:59:59.999Z', 'adjustment 1: fix', 'house:bank', 'house:tradingMyr', 'MYR');
    const [a] = await db.query<{ id: number }>(
      `INSERT INTO ledger_adjustments (status, postings, reason, submitted_by, submitted_at, decided_by, decided_at, entry_id)
       VALUES ('approved', '[]', 'fix', $1, '2026-01-06T01:00:00Z', $1, '2026-01-06T02:00:00Z', $2) RETURNING id`,
      [admin!.id, adjusted],
    );
    const moved = await entry('vault.receive', '2026-01-05T04:00:00Z', 'bar movement 42: AB1234', 'metal:XAG:outside', 'metal:XAG:vault:KUL-01', 'XAG');
    const plain = await entry('test.other', '2026-01-05T05:00:00Z', null, 'house:bank', `user:${u!.id}:fund`, 'MYR');
    const postingsBefore = await db.query('SELECT entry_id, from_account, to_account, asset, amount::text FROM ledger_postings ORDER BY id');

    await migrate(db);

    const rows = await db.query<{ id: number; created_at: Date; recorded_at: Date; source_kind: string | null; source_id: number | null; metal: string | null }>(
      'SELECT id, created_at, recorded_at, source_kind, source_id, metal FROM ledger_entries ORDER BY id',
    );
    const byId = new Map(rows.map((x) => [Number(x.id), x]));
    const seen = (id: number) => {
      const x = byId.get(id)!;
      return { source: x.source_kind === null ? null : `${x.source_kind}:${Number(x.source_id)}`, metal: x.metal };
    };
    expect(seen(fill)).toEqual({ source: `order:${o!.id}`, metal: 'XAU' });
    expect(seen(deposit)).toEqual({ source: `request:${r!.id}`, metal: 'XAU' });
    expect(seen(adjusted)).toEqual({ source: `adjustment:${a!.id}`, metal: null });
    expect(seen(moved)).toEqual({ source: 'movement:42', metal: 'XAG' });
    expect(seen(plain)).toEqual({ source: null, metal: null });
    // the value time is kept; an adjustment's entry time is when it was submitted, the others' their value time
    expect(new Date(byId.get(adjusted)!.recorded_at).toISOString()).toBe('2026-01-06T01:00:00.000Z');
    expect(new Date(byId.get(adjusted)!.created_at).toISOString()).toBe('2026-01-04T15:59:59.999Z');
    expect(new Date(byId.get(fill)!.recorded_at).toISOString()).toBe('2026-01-05T02:00:00.000Z');
    expect(await db.query('SELECT entry_id, from_account, to_account, asset, amount::text FROM ledger_postings ORDER BY id')).toEqual(postingsBefore);

    // append-only again, and a new entry gets its entry time by itself
    await expect(db.query('UPDATE ledger_entries SET note = $2 WHERE id = $1', [plain, 'changed'])).rejects.toThrow(/append-only/);
    const [n] = await db.query<{ recorded_at: Date | null }>(`INSERT INTO ledger_entries (kind, created_at) VALUES ('test.new', '2026-01-01T00:00:00Z') RETURNING recorded_at`);
    expect(n!.recorded_at).not.toBeNull();
    await expect(db.query(`INSERT INTO ledger_entries (kind, source_kind) VALUES ('test.half', 'order')`)).rejects.toThrow();
  });
});
