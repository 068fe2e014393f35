/**
 * The admin's own input (pointer, keys, wheel, touch): a call made within USER_ACTION_WINDOW_MS
 * of it is taken for a result of it; any later call is the console's own (polling, a refetch the
 * live socket asked for, the retry of a background call) and is marked background, so that the
 * server does not count it as an action of the admin (DECISIONS.md §9 idle limit).
 */
export const USER_ACTION_WINDOW_MS = 10_000;

/** The DOM events that count as input of the admin. */
export const USER_INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export interface UserActivity {
  /** Notes an input of the admin now. */
  mark(): void;
  /** True when the admin gave no input within the window: a call now is the console's own. */
  idle(): boolean;
}

/** Loading the console is an action of the admin: the window starts at creation. */
export function createUserActivity(now: () => number = () => Date.now(), windowMs = USER_ACTION_WINDOW_MS): UserActivity {
  let last = now();
  return {
    mark: () => {
      last = now();
    },
    idle: () => now() - last > windowMs,
  };
}

/** Listens (capture, passive) for the admin's input on a window or document. */
export function trackUserInput(target: Pick<EventTarget, 'addEventListener'>, activity: UserActivity): void {
  for (const type of USER_INPUT_EVENTS) target.addEventListener(type, () => activity.mark(), { capture: true, passive: true });
}
