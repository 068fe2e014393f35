import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
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

/** The generic modal (SPEC.md §2): max width 32rem, at most 90% of the viewport height; or a drawer. */
export function Modal({ open, onOpenChange, title, description, children, footer, drawer = false, testId }: ModalProps) {
  const { t } = useTranslation('common');
  const [boundary, setBoundary] = useState<HTMLElement | null>(null);
  // the element focused when it opened (the button that asked for it): focus goes back there on close.
  // Radix returns focus to a Dialog.Trigger only, and these modals are opened by the screen's own buttons.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          ref={setBoundary}
          data-testid={testId}
          data-shape={drawer ? 'drawer' : 'modal'}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // an opener that is gone (a menu item) leaves focus where it is
            if (opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
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
              <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">{children}</div>
            </ModalBoundary.Provider>
          ) : null}
          {footer ? <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-3">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
