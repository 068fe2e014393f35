import { useQuery } from '@tanstack/react-query';
import { statementQueries } from './statement-queries.ts';

/** A user's statement of a month; nothing is asked until a user and a real month are chosen. */
export function useStatement(userId: number | null, month: string, enabled: boolean) {
  return useQuery({ ...statementQueries.month(userId ?? 0, month), enabled: enabled && userId !== null });
}
