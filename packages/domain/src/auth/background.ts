/**
 * The header a console puts on a call it makes on its own, not because the admin did something:
 * the token refresh, polling, a refetch the live socket asked for. Such a call does not keep the
 * session alive; any other authenticated call does (DECISIONS.md §9 idle limit;
 * decision 0205). In a module without zod: the console's first load
 * uses it.
 */
export const BACKGROUND_HEADER = 'X-Aurum-Background';
export const BACKGROUND_VALUE = '1';
