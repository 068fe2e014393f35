import { toastStore, type ToastInput } from './toast-store.ts';

export interface ToastApi {
  toast(input: ToastInput): number;
  success(title: string, description?: string): number;
  error(title: string, description?: string): number;
  warning(title: string, description?: string): number;
  dismiss(id: number): void;
}

const api: ToastApi = {
  toast: (input) => toastStore.show(input),
  success: (title, description) => toastStore.show({ title, description, variant: 'success' }),
  error: (title, description) => toastStore.show({ title, description, variant: 'error' }),
  warning: (title, description) => toastStore.show({ title, description, variant: 'warning' }),
  dismiss: (id) => toastStore.dismiss(id),
};

/** Shows toasts (only one at a time: a new one replaces the current one). */
export function useToast(): ToastApi {
  return api;
}
