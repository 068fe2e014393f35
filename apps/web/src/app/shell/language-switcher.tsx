import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '#shared/i18n/i18n.ts';
import { LANGUAGES, languageFrom, type LanguageCode } from '#shared/i18n/languages.ts';
import { useToast } from '#shared/toast/use-toast.ts';

const MENU_CLASSES = 'z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg';
const ITEM_CLASSES =
  'flex cursor-pointer items-center justify-between gap-4 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-amber-50 data-[highlighted]:text-amber-900';

/** English / 繁體中文; a success toast on switch (SPEC.md §1). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const toast = useToast();
  const current = languageFrom(i18n.resolvedLanguage ?? i18n.language);
  const currentLabel = LANGUAGES.find((l) => l.code === current)?.label ?? current;

  async function choose(language: LanguageCode) {
    if (language === current) return;
    try {
      await switchLanguage(language);
      toast.success(i18n.t('common:language.changed', { lng: language }));
    } catch (error) {
      console.error('language switch failed', error);
    }
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        // the name holds what the button shows (WCAG 2.5.3 label in name); on narrow screens only the icon shows
        aria-label={`${currentLabel}, ${t('language.label')}`}
        data-testid="language-switcher"
        className="inline-flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-600"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
        </svg>
        <span className="hidden sm:inline">{currentLabel}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={MENU_CLASSES}>
          <DropdownMenu.RadioGroup value={current} onValueChange={(value) => void choose(languageFrom(value))}>
            {LANGUAGES.map((language) => (
              <DropdownMenu.RadioItem key={language.code} value={language.code} lang={language.code} className={ITEM_CLASSES}>
                {language.label}
                <DropdownMenu.ItemIndicator aria-hidden="true">✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
