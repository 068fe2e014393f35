import type { CircleQuery } from './circle-service.ts';

// a circle of types only (`import type`): the cycle check counts it as a circle all the same
export async function findCircle(query: CircleQuery): Promise<number | undefined> {
  return query.id > 0 ? query.id : undefined;
}
