import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testDriver } from '../../testing/test-db.ts';
import type { Db } from '../db.ts';
import { DB_TYPES_FILE, generateDbTypes } from '../db-types-generator.ts';

const driver = testDriver;

describe(`the committed table types match the migrated schema, on ${driver}`, () => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, close } = await openTestDb(2));
  });
  afterAll(async () => {
    await close?.();
  });

  it('db-types.ts is what `npm run db:types` writes', async () => {
    const committed = await readFile(DB_TYPES_FILE, 'utf8');
    expect(await generateDbTypes(db), 'apps/server/src/db/db-types.ts is stale: run npm run db:types').toBe(committed);
  });

  it('reads every column of the schema: a table and its defaults, nullables and computed columns', async () => {
    const text = await generateDbTypes(db);
    expect(text).toContain(
      [
        'export interface HolidaysTable {',
        '  id: Generated<number>;',
        '  name: string;',
        '  date: DateOnly;',
        '  created_at: Generated<Timestamp>;',
        '  created_by: number | null;',
        '  updated_at: Generated<Timestamp>;',
        '}',
      ].join('\n'),
    );
    expect(text).toContain('  from_user_id: GeneratedAlways<number | null>;');
    expect(text).toContain('  detail: Generated<Json>;');
    expect(text).toContain('  holidays: HolidaysTable;');
  });
});
