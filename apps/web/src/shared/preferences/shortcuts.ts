import { preferenceStore, usePreference } from './preference-store.ts';

/**
 * Single-key shortcuts (`?`, j/k in lists, …) can be turned off in the admin menu (WCAG 2.1.4
 * Character Key Shortcuts); Ctrl/Cmd+K stays, as it needs a modifier.
 */
export const shortcutsStore = preferenceStore<'on' | 'off'>('aurum.singleKeyShortcuts', ['on', 'off'], 'on');

export function useSingleKeyShortcuts(): boolean {
  return usePreference(shortcutsStore) === 'on';
}

/** Whether a key press comes from somewhere that takes text (a single key there is typing, not a shortcut). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(type);
}

/** Whether a key press is a single-key shortcut candidate: no modifier but Shift, not typed into a field. */
export function isSingleKey(event: KeyboardEvent): boolean {
  return !event.ctrlKey && !event.metaKey && !event.altKey && !event.defaultPrevented && !isTyping(event.target);
}
