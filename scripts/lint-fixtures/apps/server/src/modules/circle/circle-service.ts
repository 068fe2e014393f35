import { findCircle } from './circle-repository.ts';

/** What the service asks its repository for: declared here, imported back by the repository. */
export interface CircleQuery {
  id: number;
}

export async function circle(query: CircleQuery): Promise<number | undefined> {
  return findCircle(query);
}
