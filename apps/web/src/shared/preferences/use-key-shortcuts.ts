import { useEffect, useRef } from 'react';
import { isSingleKey, useSingleKeyShortcuts } from './shortcuts.ts';

/**
 * One screen's single-key shortcuts, `actions` by key: they follow the admin menu's switch
 * (WCAG 2.1.4) and never fire while typing, with a modifier, on a held key or while `paused`.
 */
export function useKeyShortcuts(actions: Readonly<Record<string, () => void>>, paused = false): void {
  const singleKeys = useSingleKeyShortcuts();
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!singleKeys || paused) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || !isSingleKey(event) || !Object.hasOwn(latest.current, event.key)) return;
      latest.current[event.key]!();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [singleKeys, paused]);
}
