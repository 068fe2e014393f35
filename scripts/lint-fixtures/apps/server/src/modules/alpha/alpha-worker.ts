// breaks: a module file other than a repository builds a query
import { kysely } from '../../db/query-builder.ts';

export const builder = kysely;
