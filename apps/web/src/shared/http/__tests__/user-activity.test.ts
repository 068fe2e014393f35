import { describe, expect, it } from 'vitest';
import { USER_ACTION_WINDOW_MS, createUserActivity, trackUserInput } from '../user-activity.ts';

describe('user activity', () => {
  it('is not idle right after loading, and becomes idle once the window passes without input', () => {
    let now = 1_000;
    const activity = createUserActivity(() => now);
    expect(activity.idle()).toBe(false);
    now += USER_ACTION_WINDOW_MS;
    expect(activity.idle()).toBe(false);
    now += 1;
    expect(activity.idle()).toBe(true);
    activity.mark();
    expect(activity.idle()).toBe(false);
  });

  it('counts pointer, key, wheel and touch input of the admin, not other events', () => {
    let now = 0;
    const activity = createUserActivity(() => now, 100);
    const target = new EventTarget();
    trackUserInput(target, activity);
    for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart']) {
      now += 1_000;
      expect(activity.idle()).toBe(true);
      target.dispatchEvent(new Event(type));
      expect(activity.idle()).toBe(false);
    }
    now += 1_000;
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('focus'));
    expect(activity.idle()).toBe(true);
  });
});
