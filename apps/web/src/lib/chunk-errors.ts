/**
 * Script and stylesheet chunks that fail to load (spec section 8: technical errors). After a deploy
 * the old chunk names are gone; the app then offers a reload instead of crashing. A chunk that takes
 * longer than CHUNK_LOAD_TIMEOUT_MS counts as failed (spec section 9: 120 s).
 */
import { useSyncExternalStore } from 'react';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /ChunkLoadError/i,
];

/** True for the error of a script or stylesheet chunk that could not be loaded (or timed out). */
export function isChunkLoadError(err: unknown): boolean {
  if (err instanceof ChunkLoadError) return true;
  if (!(err instanceof Error)) return false;
  const text = `${err.name}: ${err.message}`;
  return CHUNK_ERROR_PATTERNS.some((re) => re.test(text));
}

/**
 * Runs a dynamic import with a time-out; rejects with a ChunkLoadError when it fails to load or
 * takes longer than `ms`.
 */
export function withChunkTimeout<T>(load: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const err = new ChunkLoadError(`Loading chunk timed out after ${Math.round(ms / 1000)} s`);
      markChunkFailure();
      reject(err);
    }, ms);
    load().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        if (isChunkLoadError(err)) {
          markChunkFailure();
          reject(new ChunkLoadError(err instanceof Error ? err.message : String(err), { cause: err }));
        } else {
          reject(err);
        }
      },
    );
  });
}

// ---- a store: "a chunk failed", read by the shell to offer the reload ----
let failed = false;
const listeners = new Set<() => void>();

export function markChunkFailure(): void {
  if (failed) return;
  failed = true;
  for (const l of listeners) l();
}

export function resetChunkFailureForTests(): void {
  failed = false;
}

export function useChunkFailure(): boolean {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => failed,
  );
}

/**
 * Listens for Vite's `vite:preloadError` (a script or CSS chunk of a dynamic import failed to
 * preload). The import itself then rejects too and is shown by the route's error page.
 */
export function installChunkErrorListener(target: Window = window): () => void {
  const onPreloadError = () => markChunkFailure();
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
