import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastStore } from './toast-store.ts';

const Toaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })));

let used = false;
const hasEverToasted = () => {
  used ||= toastStore.getToasts().length > 0;
  return used;
};

/**
 * Mounts the Radix toaster when the first toast is shown: its code is not part of the first
 * load of the console (the sign-in page stays small).
 */
export function ToastHost() {
  const mount = useSyncExternalStore(toastStore.subscribe, hasEverToasted);
  if (!mount) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
