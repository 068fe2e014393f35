// breaks: a console feature does not import another feature
import { twoQueries } from '../../two/api/two-queries.ts';

export const queries = twoQueries;
