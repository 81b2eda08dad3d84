import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ChunkLoadError,
  CHUNK_LOAD_TIMEOUT_MS,
  installChunkErrorListener,
  isChunkLoadError,
  markChunkFailure,
  resetChunkFailureForTests,
  withChunkTimeout,
} from './chunk-errors';
import { act, renderHook } from '@testing-library/react';
import { useChunkFailure } from './chunk-errors';

afterEach(() => {
  vi.useRealTimers();
  resetChunkFailureForTests();
});

describe('chunk load errors', () => {
  it('recognises the browsers’ failed dynamic import messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /app/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /app/assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('times a chunk out after 120 s', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const p = withChunkTimeout(() => new Promise(() => {}));
    const assertion = expect(p).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('passes a loaded module through and wraps a failed load', async () => {
    await expect(withChunkTimeout(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
    await expect(
      withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: x'))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    const bug = new Error('a bug in the module');
    await expect(withChunkTimeout(() => Promise.reject(bug))).rejects.toBe(bug);
  });

  it('flags the app on vite:preloadError and on a failed chunk', () => {
    const { result } = renderHook(() => useChunkFailure());
    expect(result.current).toBe(false);
    const uninstall = installChunkErrorListener();
    act(() => {
      window.dispatchEvent(new Event('vite:preloadError'));
    });
    expect(result.current).toBe(true);
    uninstall();
    resetChunkFailureForTests();
    act(() => markChunkFailure());
    expect(result.current).toBe(true);
  });
});
