import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * After a refused submit, the keyboard goes to the first invalid field in the order the form shows
 * them (GOV.UK's error summary order), not in the order the fields were registered: a form whose
 * phone field registers before the account fields would otherwise send a user to "Country code"
 * first. Pass `onInvalid` as handleSubmit's second argument and `shouldFocusError: false` to the form.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, errors: unknown): () => void {
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, form]);
  return useCallback(() => {
    pending.current = true;
  }, []);
}
