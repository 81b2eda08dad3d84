import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkInput } from './validate';

describe('checkInput', () => {
  it('finds a NUL byte 50,000 levels deep without overflowing the stack, and names its path', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 50_000; i++) deep = { a: deep };
    const result = checkInput(z.object({ data: z.unknown() }), { data: deep });
    expect(result.error?.code).toBe('001000B001');
    expect(result.error?.message).toMatch(/^Invalid request: data\.a\.a\.a.*\.a must not contain NUL characters\.$/);
  });

  it('passes a deep value without NUL bytes through as it is', () => {
    let deep: unknown = 'fine';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const result = checkInput(z.object({ data: z.unknown() }), { data: deep });
    expect(result.error).toBeUndefined();
    expect(result.value?.data).toBe(deep);
  });
});
