import { useCallback, useEffect, useRef, useState } from 'react';

export interface SignInCall<A> {
  mutate: (args: A) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** Forgets the last outcome (and ignores the answer of a call still under way). */
  reset: () => void;
}

/**
 * The login page's two calls (password, then code) as TanStack Query's useMutation would run them
 * (pending, error, reset; onSuccess and onError after the answer), without its code on the login
 * page's first load (QUALITY.md login budget): the page reads these four fields only.
 */
export function useSignInCall<A, R>(
  call: (args: A) => Promise<R>,
  handlers: { onSuccess?: (result: R, args: A) => void; onError?: (error: unknown) => void } = {},
): SignInCall<A> {
  const [state, setState] = useState<{ isPending: boolean; error: unknown; failed: boolean }>({
    isPending: false,
    error: null,
    failed: false,
  });
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const run = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(
    (args: A) => {
      const id = ++run.current;
      setState({ isPending: true, error: null, failed: false });
      call(args).then(
        (result) => {
          if (id !== run.current || !mounted.current) return;
          setState({ isPending: false, error: null, failed: false });
          latest.current.onSuccess?.(result, args);
        },
        (error: unknown) => {
          if (id !== run.current || !mounted.current) return;
          setState({ isPending: false, error, failed: true });
          latest.current.onError?.(error);
        },
      );
    },
    [call],
  );
  const reset = useCallback(() => {
    run.current += 1;
    setState({ isPending: false, error: null, failed: false });
  }, []);
  return { mutate, reset, isPending: state.isPending, isError: state.failed, error: state.error };
}
