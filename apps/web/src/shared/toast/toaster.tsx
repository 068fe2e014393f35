import { useSyncExternalStore } from 'react';
import * as Toast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD, toastStore, type ToastVariant } from './toast-store.ts';

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

const VARIANT_ICON: Record<ToastVariant, string> = { default: 'ℹ', success: '✓', error: '!', warning: '⚠' };

/** Radix toasts (SPEC.md §2): 5000 ms, swipe right (threshold 50), viewport hotkey F8. */
export function Toaster() {
  const { t } = useTranslation('common');
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getToasts);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} label={t('notifications')}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) {
              toastStore.dismiss(item.id);
              setTimeout(() => toastStore.remove(item.id), 300);
            }
          }}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          data-testid="toast"
          data-variant={item.variant}
          className={`toast-root pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg ${VARIANT_CLASSES[item.variant]}`}
        >
          <span aria-hidden="true" className="mt-0.5 font-bold">
            {VARIANT_ICON[item.variant]}
          </span>
          <div className="min-w-0 flex-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="mt-1 text-sm opacity-90">{item.description}</Toast.Description> : null}
          </div>
          <Toast.Close aria-label={t('close')} className="rounded px-1 text-lg leading-none opacity-60 hover:opacity-100 focus-visible:outline-2">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
