import { useToast } from '#shared/toast/use-toast.ts';
import { useFailureToast } from './use-failure-toast.ts';

/**
 * The two ends of a dialog's call, as the callbacks of `mutate`: the success toast, then `done`
 * (the dialog closes); a failure is an error toast, followed by `done` when `doneOnFailure`.
 */
export function useCallOutcome(done: () => void, doneOnFailure = false) {
  const toast = useToast();
  const fail = useFailureToast();
  return (success: string) => ({
    onSuccess: () => {
      toast.success(success);
      done();
    },
    onError: (error: unknown) => {
      fail(error);
      if (doneOnFailure) done();
    },
  });
}
