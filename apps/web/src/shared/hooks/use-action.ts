import { useCallback, useEffect, useRef, useState } from 'react';

export interface ActionCallbacks<O> {
  onSuccess?: (output: O) => void;
  onError?: (error: unknown) => void;
}

export interface Action<I, O> {
  mutate: (input: I, callbacks?: ActionCallbacks<O>) => void;
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
}

/**
 * A one-shot call with pending state, for the auth pages: like a react-query mutation without
 * putting the query library into the first load (the signed-in shell brings it).
 */
export function useAction<I, O>(run: (input: I) => Promise<O>, callbacks: ActionCallbacks<O> = {}): Action<I, O> {
  const [state, setState] = useState<{ isPending: boolean; isSuccess: boolean; error: unknown }>({
    isPending: false,
    isSuccess: false,
    error: null,
  });
  const latest = useRef({ run, callbacks });
  useEffect(() => {
    latest.current = { run, callbacks };
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback((input: I, local: ActionCallbacks<O> = {}) => {
    setState({ isPending: true, isSuccess: false, error: null });
    latest.current.run(input).then(
      (output) => {
        if (mounted.current) setState({ isPending: false, isSuccess: true, error: null });
        latest.current.callbacks.onSuccess?.(output);
        local.onSuccess?.(output);
      },
      (error: unknown) => {
        if (mounted.current) setState({ isPending: false, isSuccess: false, error });
        latest.current.callbacks.onError?.(error);
        local.onError?.(error);
      },
    );
  }, []);

  return { mutate, ...state };
}
