// breaks: SQL outside a repository (a statement's text, and a command handed to query())
import type { Queryable } from '../../db/db.ts';

export const staleAlpha = `SELECT id FROM alpha WHERE seen = false`;
export const vacuumAlpha = (q: Queryable) => q.query('VACUUM alpha');
