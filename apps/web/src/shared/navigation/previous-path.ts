/**
 * SPEC.md §2: the previous path is remembered, except user detail, order create, asset create
 * and auth pages, and handed to pages as 'from'.
 */
const NOT_REMEMBERED: readonly RegExp[] = [
  /^\/account\/user\/[^/]+\/?$/, // user detail /account/user/[userId] (the list /account/user/ is remembered)
  /^\/order\/create\/?$/,
  /^\/asset\/create\/?$/,
  /^\/auth(\/|$)/,
];

function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/** Whether a path (pathname with optional query) may become a page's 'from'. */
export function isRememberedPath(path: string): boolean {
  const pathname = pathnameOf(path);
  return !NOT_REMEMBERED.some((rule) => rule.test(pathname));
}

/**
 * The 'from' after moving from `leaving` to `entering`: the path being left when it may be
 * remembered (and is not the same page), otherwise the 'from' so far.
 */
export function nextPreviousPath(from: string | null, leaving: string | null, entering: string): string | null {
  if (leaving === null || leaving === entering) return from;
  return isRememberedPath(leaving) ? leaving : from;
}
