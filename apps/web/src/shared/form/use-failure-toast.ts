import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../toast/use-toast.ts';
import { errorToast } from './server-errors.ts';

/** Shows a failed call as an error toast: the catalogue message, with the server's context as detail (errorToast). */
export function useFailureToast(): (error: unknown) => void {
  const { t } = useTranslation(['common']);
  const toast = useToast();
  return useCallback(
    (error: unknown) => {
      const { title, description } = errorToast(error, t('common:failed'));
      toast.error(title, description);
    },
    [t, toast],
  );
}
