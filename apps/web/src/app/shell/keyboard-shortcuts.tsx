import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '#shared/ui/modal.tsx';
import { isSingleKey, useSingleKeyShortcuts } from '#shared/preferences/shortcuts.ts';
import { CommandPalette } from './command-palette.tsx';

/** The shortcuts the `?` dialog lists, as [keys, translation key]. */
const SHORTCUTS = [
  [['Ctrl', 'K'], 'palette'],
  [['?'], 'help'],
  [['j'], 'next'],
  [['k'], 'previous'],
  [['Enter'], 'open'],
] as const;
const SINGLE_KEY = new Set(['help', 'next', 'previous']);

/** The rows of the main list of the page (its first table with a body). */
function listRows(): HTMLTableRowElement[] {
  const table = document.querySelector('main table');
  return table ? Array.from(table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr')).filter((r) => !r.querySelector('[data-testid="no-data"]')) : [];
}

/**
 * j/k in a list: focus the next or previous row (its first link or button, else the row itself), so
 * Enter opens it; the focused row is marked for sight (data-keyboard-row).
 */
function moveInList(step: 1 | -1): boolean {
  const rows = listRows();
  if (rows.length === 0) return false;
  const current = rows.findIndex((r) => r.contains(document.activeElement) || r.dataset.keyboardRow === 'true');
  const next = rows[current === -1 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, current + step))]!;
  for (const r of rows) delete r.dataset.keyboardRow;
  next.dataset.keyboardRow = 'true';
  const target = next.querySelector<HTMLElement>('a[href], button:not([disabled])');
  if (target) target.focus();
  else {
    next.tabIndex = -1;
    next.focus();
  }
  next.scrollIntoView({ block: 'nearest' });
  return true;
}

/**
 * The console's keyboard (decisions 0716, 0718): Ctrl/Cmd+K opens the command palette; `?` lists the shortcuts;
 * j/k move in a list and Enter opens the row. Single-key shortcuts follow the admin menu's switch
 * (WCAG 2.1.4) and never fire while typing in a field or with a dialog open.
 */
export function KeyboardShortcuts({ palette, onPaletteChange: setPalette }: { palette: boolean; onPaletteChange: (open: boolean | ((open: boolean) => boolean)) => void }) {
  const { t } = useTranslation('shell');
  const singleKeys = useSingleKeyShortcuts();
  const [help, setHelp] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setPalette((open) => !open);
        return;
      }
      if (!singleKeys || !isSingleKey(event)) return;
      // a dialog or menu has the keyboard
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      if (event.key === '?') {
        event.preventDefault();
        setHelp(true);
      } else if ((event.key === 'j' || event.key === 'k') && moveInList(event.key === 'j' ? 1 : -1)) {
        event.preventDefault();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [singleKeys, setPalette]);

  return (
    <>
      <CommandPalette open={palette} onOpenChange={setPalette} />
      <Modal open={help} onOpenChange={setHelp} title={t('shortcuts.title')} description={singleKeys ? undefined : t('shortcuts.singleKeysOff')} testId="shortcuts-dialog">
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map(([keys, name]) => (
            <div key={name} className={`contents ${!singleKeys && SINGLE_KEY.has(name) ? 'line-through' : ''}`}>
              <dt className="flex gap-1">
                {keys.map((key) => (
                  <kbd key={key} className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                    {key === 'Ctrl' ? t('shortcuts.ctrl') : key}
                  </kbd>
                ))}
              </dt>
              <dd className="text-slate-700">{t(`shortcuts.keys.${name}`)}</dd>
            </div>
          ))}
        </dl>
      </Modal>
    </>
  );
}
