import { useNavigate } from 'react-router';
import { useToast } from '#shared/toast/use-toast.ts';
import { duplicateOf } from './server-errors.ts';
import { useFailureToast } from './use-failure-toast.ts';

/**
 * Saves an account form (admins and users, create and edit): `save` makes the call and names the
 * success toast and the page to open. Resolves to null when saved, else to the failure: a
 * duplicate is left to the form (it goes under its field), anything else is an error toast.
 */
export function useAccountSave(): (save: () => Promise<{ toast: string; to: string }>) => Promise<unknown> {
  const toast = useToast();
  const fail = useFailureToast();
  const navigate = useNavigate();
  return async (save) => {
    try {
      const done = await save();
      toast.success(done.toast);
      void navigate(done.to);
      return null;
    } catch (error) {
      if (!duplicateOf(error)) fail(error);
      return error;
    }
  };
}
