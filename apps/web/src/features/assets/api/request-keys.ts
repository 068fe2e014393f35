/** Query keys of the requests feature: everything under 'assets', so one invalidation refreshes it all. */
export const requestKeys = {
  all: ['assets'] as const,
  list: (search: string) => ['assets', 'list', search] as const,
  detail: (requestId: number) => ['assets', 'detail', requestId] as const,
  receipt: (requestId: number, which: 'user' | 'verified') => ['assets', 'receipt', requestId, which] as const,
  users: ['assets', 'users'] as const,
  wallet: (userId: number) => ['assets', 'wallet', userId] as const,
};
