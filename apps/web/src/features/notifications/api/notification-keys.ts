/** TanStack Query keys of the notification screen. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (search: string) => ['notifications', 'list', search] as const,
  detail: (id: number, page: number) => ['notifications', 'detail', id, page] as const,
  users: ['notifications', 'users'] as const,
};
