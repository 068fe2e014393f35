// breaks: a repository passing SQL text to query() instead of building it with kysely(q)
import type { Queryable } from '../../db/db.ts';

export const findAlpha = (q: Queryable, id: number) => q.query('SELECT id FROM alpha WHERE id = $1', [id]);
