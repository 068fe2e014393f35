import { preferenceStore, usePreference } from './preference-store.ts';

/** The console's colour theme: the system's setting (default), or light or dark whatever it says. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = 'aurum.theme';
export const themeStore = preferenceStore<ThemeChoice>(THEME_STORAGE_KEY, THEME_CHOICES, 'system');

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether the page shows the dark theme for a choice and the system's setting. */
export function isDark(choice: ThemeChoice, systemDark: boolean): boolean {
  return choice === 'dark' || (choice === 'system' && systemDark);
}

/**
 * Puts the `dark` class on <html> (index.css maps the palette under it) from the stored choice and
 * the system's setting, and keeps it so when either changes. Called once before the first render.
 */
export function initTheme(): void {
  const media = window.matchMedia(DARK_QUERY);
  const apply = () => {
    const dark = isDark(themeStore.get(), media.matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  };
  apply();
  media.addEventListener('change', apply);
  themeStore.subscribe(apply);
}

export function useTheme(): ThemeChoice {
  return usePreference(themeStore);
}
