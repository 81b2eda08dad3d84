import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useIdempotentMutation } from './use-idempotent-mutation';

function setup() {
  const keys: { body: { amount: string }; key: string }[] = [];
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () =>
      useIdempotentMutation(async (body: { amount: string }, key: string) => {
        keys.push({ body, key });
        if (body.amount === 'lost') throw new Error('network');
        return key;
      }),
    { wrapper },
  );
  return { result, keys };
}

describe('useIdempotentMutation', () => {
  it('sends the same body again with the same key, a different body with a new one', async () => {
    const { result, keys } = setup();
    await act(async () => {
      await result.current.mutateAsync({ amount: 'lost' }).catch(() => undefined);
    });
    await act(async () => {
      await result.current.mutateAsync({ amount: 'lost' }).catch(() => undefined);
    });
    await act(async () => {
      await result.current.mutateAsync({ amount: '10' });
    });
    expect(keys[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1].key).toBe(keys[0].key);
    expect(keys[2].key).not.toBe(keys[0].key);
  });

  it('starts a new operation on newOperation: the same body then gets a new key', async () => {
    const { result, keys } = setup();
    await act(async () => {
      await result.current.mutateAsync({ amount: '10' });
    });
    act(() => result.current.newOperation());
    await act(async () => {
      await result.current.mutateAsync({ amount: '10' });
    });
    expect(keys).toHaveLength(2);
    expect(keys[1].key).not.toBe(keys[0].key);
  });
});
