/**
 * Which columns of a list the user shows, kept in localStorage per list (column chooser).
 * Unknown keys in storage are dropped; new columns appear unless listed as hidden by default.
 */
import { useCallback, useState } from 'react';

export interface ColumnVisibility {
  /** Keys of the shown columns, in the list's order. */
  visible: string[];
  isVisible(key: string): boolean;
  setVisible(keys: string[]): void;
  reset(): void;
}

interface Stored {
  hidden: string[];
}

function readHidden(storageKey: string, fallback: string[]): string[] {
  try {
    const raw = window.localStorage.getItem(storageKey);
    if (!raw) return fallback;
    const parsed = JSON.parse(raw) as Partial<Stored>;
    return Array.isArray(parsed.hidden) ? parsed.hidden.filter((k): k is string => typeof k === 'string') : fallback;
  } catch {
    return fallback;
  }
}

/**
 * @param storageKey e.g. 'mbo.columns.payments'
 * @param allKeys every column key, in order
 * @param hiddenByDefault keys hidden until the user shows them
 */
export function useColumnVisibility(
  storageKey: string,
  allKeys: readonly string[],
  hiddenByDefault: readonly string[] = [],
): ColumnVisibility {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(storageKey, [...hiddenByDefault]));
  const save = useCallback(
    (next: string[]) => {
      setHidden(next);
      try {
        window.localStorage.setItem(storageKey, JSON.stringify({ hidden: next } satisfies Stored));
      } catch {
        // storage full or blocked: the choice lasts for this visit only
      }
    },
    [storageKey],
  );
  const visible = allKeys.filter((k) => !hidden.includes(k));
  return {
    visible,
    isVisible: (key) => !hidden.includes(key),
    setVisible: (keys) => save(allKeys.filter((k) => !keys.includes(k))),
    reset: () => {
      try {
        window.localStorage.removeItem(storageKey);
      } catch {
        // ignore
      }
      setHidden([...hiddenByDefault]);
    },
  };
}
