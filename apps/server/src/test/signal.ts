/**
 * A promise a test resolves itself: the event a test waits for (a request reached the database, a posting was made),
 * never a delay.
 */
export interface Signal<T = void> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function signal<T = void>(): Signal<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
