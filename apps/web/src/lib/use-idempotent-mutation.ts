import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';
import { newIdempotencyKey } from './idempotency-key';

export type IdempotentMutation<TData, TBody> = UseMutationResult<TData, Error, TBody> & {
  /** Forgets the last body: the next submission is a new operation with a new key (after a success). */
  newOperation: () => void;
};

/**
 * A mutation sent with an Idempotency-Key. The same body sent again (a retry after a lost answer, a
 * double click) keeps its key, so the server answers with the first result and nothing happens twice;
 * a different body is a new operation and gets a new key.
 */
export function useIdempotentMutation<TBody, TData>(
  send: (body: TBody, idempotencyKey: string) => Promise<TData>,
  options: Omit<UseMutationOptions<TData, Error, TBody>, 'mutationFn'> = {},
): IdempotentMutation<TData, TBody> {
  const attempt = useRef({ key: newIdempotencyKey(), body: '' });
  const mutation = useMutation<TData, Error, TBody>({
    ...options,
    mutationFn: (body) => {
      const json = JSON.stringify(body);
      if (attempt.current.body && attempt.current.body !== json) attempt.current.key = newIdempotencyKey();
      attempt.current.body = json;
      return send(body, attempt.current.key);
    },
  });
  return {
    ...mutation,
    newOperation: () => {
      attempt.current = { key: newIdempotencyKey(), body: '' };
    },
  };
}
