import { describe, expect, it } from 'vitest';
import { discardBody } from './discard-body';

describe('discardBody', () => {
  it('cancels the body stream of an answer nobody reads', async () => {
    let cancelled = false;
    const stream = new ReadableStream({
      pull: (controller) => controller.enqueue(new TextEncoder().encode('{"code":"002001B010"}')),
      cancel: () => {
        cancelled = true;
      },
    });
    const answer = new Response(stream, { status: 431 });
    await discardBody(answer);
    expect(cancelled).toBe(true);
    expect(answer.bodyUsed).toBe(true);
  });

  it('leaves an answer already read, or one without a body, alone', async () => {
    const read = new Response('x', { status: 500 });
    await read.text();
    await expect(discardBody(read)).resolves.toBeUndefined();
    await expect(discardBody(new Response(null, { status: 204 }))).resolves.toBeUndefined();
  });
});
