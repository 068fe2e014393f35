// clean: the journal's owner (modules/ledger) names its tables
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

export const postings = (q: Queryable) => kysely(q).selectFrom('ledger_postings as p').select('p.id').execute();
