// broken: a repository outside modules/ledger names the journal's tables
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

export const alphaPostings = (q: Queryable) => kysely(q).selectFrom('ledger_postings as p').select('p.id').execute();
