import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons under the body. */
  footer?: ReactNode;
  /**
   * What needs a wide table (an audit row's detail, a notification's recipients) opens as a drawer
   * on the right edge, full height, instead of a modal wider than SPEC.md's 32rem.
   */
  drawer?: boolean;
  testId?: string;
}

const ModalBoundary = createContext<HTMLElement | null>(null);

/**
 * The modal (or drawer) a control is in, or null outside one: a popover in a modal (a date
 * picker in the filter modal) keeps inside it by taking it as its collision boundary.
 */
export function useModalBoundary(): HTMLElement | null {
  return useContext(ModalBoundary);
}

const TABBABLE = 'input:not([type="hidden"]), select, textarea, button, a[href], [tabindex]:not([tabindex="-1"])';

/** The first element of a part of the dialog the keyboard can reach (enabled, shown). */
function firstTabbable(part: Element | null | undefined): HTMLElement | null {
  for (const el of part?.querySelectorAll<HTMLElement>(TABBABLE) ?? []) {
    if (!(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && el.getClientRects().length > 0) return el;
  }
  return null;
}

/**
 * Where the keyboard goes when the dialog opens: its first field (a field with `autoFocus` is
 * focused before this runs), else the footer's button marked `data-initial-focus` (a destructive
 * confirmation's Cancel), else the footer's last button (the action, so Enter takes it), else a
 * drawer's body (arrow keys scroll it), else the close button (Radix's own choice).
 */
function initialFocus(content: HTMLElement): HTMLElement | null {
  const footer = content.querySelector('[data-modal-footer]');
  const marked = footer?.querySelector<HTMLElement>('[data-initial-focus]:not(:disabled)');
  const buttons = [...(footer?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
  const body = content.querySelector<HTMLElement>('[data-modal-body]');
  return firstTabbable(body) ?? marked ?? buttons.at(-1) ?? (body && body.tabIndex >= 0 ? body : null);
}

/** The element outside any dialog that last had the keyboard (kept by a listener on the document). */
let lastOutside: HTMLElement | null = null;
const outsideDialog = (el: unknown): el is HTMLElement => el instanceof HTMLElement && el !== document.body && !el.closest('[role="dialog"]');
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (outsideDialog(event.target)) lastOutside = event.target;
  });
}

/**
 * What opened a dialog, to give the keyboard back to on close: the focused element, or, when the
 * keyboard is already inside a dialog or nowhere, the last element outside one that had it. The
 * layout effect runs again when a suspended part of the dialog shows again (the keyboard is inside
 * by then), and a dialog that suspends while it opens (its translations loading) hides the page
 * with its opener meanwhile, so the keyboard is on the body when the effect runs.
 */
function openerNow(): HTMLElement | null {
  const active = document.activeElement;
  if (outsideDialog(active)) return active;
  return lastOutside?.isConnected ? lastOutside : null;
}

/**
 * Gives the keyboard back to what opened a dialog, as its `onCloseAutoFocus`. The console's dialogs
 * open from a button without a Radix trigger of their own, so Radix had nowhere to return to and
 * the keyboard fell to the page's start when one closed. Kept when the dialog opens (before the
 * portal mounts and focus moves in); nothing is done when the opener is gone or disabled.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = openerNow();
  }, [open]);
  return (event) => {
    const back = opener.current;
    opener.current = null;
    if (!back?.isConnected || (back as HTMLButtonElement).disabled) return;
    event.preventDefault();
    back.focus();
  };
}

/** The generic modal (SPEC.md §2): max width 32rem, at most 90% of the viewport height; or a drawer. */
export function Modal({ open, onOpenChange, title, description, children, footer, drawer = false, testId }: ModalProps) {
  const { t } = useTranslation('common');
  const [boundary, setBoundary] = useState<HTMLElement | null>(null);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          ref={setBoundary}
          onOpenAutoFocus={(event) => {
            const target = initialFocus(event.currentTarget as HTMLElement);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onCloseAutoFocus={returnFocus}
          data-testid={testId}
          data-shape={drawer ? 'drawer' : 'modal'}
          className={
            drawer
              ? 'fixed inset-y-0 right-0 z-50 flex h-full w-full max-w-3xl flex-col bg-white shadow-xl outline-none'
              : 'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl outline-none'
          }
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description> : <Dialog.Description className="sr-only">{title}</Dialog.Description>}
            </div>
            <Dialog.Close aria-label={t('close')} className="rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-600">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>
          {children ? (
            <ModalBoundary.Provider value={boundary}>
              {/* a drawer's body is a long read (an audit row's before and after): it takes the keyboard to scroll */}
              <div
                data-modal-body
                tabIndex={drawer ? 0 : undefined}
                role={drawer ? 'region' : undefined}
                aria-label={drawer && typeof title === 'string' ? title : undefined}
                className="min-h-0 flex-1 overflow-y-auto px-6 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-amber-600"
              >
                {children}
              </div>
            </ModalBoundary.Provider>
          ) : null}
          {footer ? (
            <div data-modal-footer className="flex justify-end gap-2 border-t border-slate-200 px-6 py-3">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
