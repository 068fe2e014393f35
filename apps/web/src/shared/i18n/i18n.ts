import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_NAMESPACES, LOOKUP_NAMESPACES, LANGUAGE_STORAGE_KEY, LANGUAGES, languageFrom, type LanguageCode } from './languages.ts';

type LocaleModule = { default: Record<string, unknown> };

// One chunk per language and namespace: only what the current language needs is fetched.
const loaders = import.meta.glob<LocaleModule>('../../locales/*/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function storedLanguage(): LanguageCode {
  try {
    return languageFrom(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return languageFrom(null);
  }
}

/**
 * English is the initial language and the one used for an unknown stored choice. The locale
 * test keeps both languages complete, so no key ever needs a fallback language: with
 * `fallbackLng: false` the other language's files are never fetched.
 */
export async function initI18n(): Promise<typeof i18next> {
  const lng = storedLanguage();
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: LANGUAGES.map((l) => l.code),
      fallbackLng: false,
      load: 'currentOnly',
      ns: [...DEFAULT_NAMESPACES],
      defaultNS: [...LOOKUP_NAMESPACES],
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
      showSupportNotice: false,
    });
  document.documentElement.lang = lng;
  document.title = i18next.t('common:brand');
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    // the window's title is the brand in the chosen language (index.html's is English, before any script)
    document.title = i18next.t('common:brand');
  });
  return i18next;
}

/** Switches language, loads its namespaces and remembers the choice in localStorage. */
export async function switchLanguage(language: LanguageCode): Promise<void> {
  await i18next.changeLanguage(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
}
