/**
 * The React side of the i18n instance (i18n.ts): `const { t } = useTranslation('payments')`, with the
 * same shape as react-i18next's hook, in 60 lines instead of a library on the login page (QUALITY.md
 * login budget; README.md beside this file). A component that asks for a namespace not loaded yet
 * suspends until it is (its route shows its fallback); every component using it renders again when
 * the language changes.
 */
import { use, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { i18n } from './i18n';

let version = 0;
const listeners = new Set<() => void>();
i18n.on('languageChanged', () => {
  version += 1;
  for (const listener of listeners) listener();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => version;

/** One `t` per language, namespace and key prefix: stable between renders (safe in hook dependencies). */
const fixed = new Map<string, TFunction>();
const loading = new Map<string, Promise<unknown>>();

export interface UseTranslationOptions {
  /** Prepended to every key: useTranslation('home', { keyPrefix: 'kpi' }) → t('volume') reads home:kpi.volume. */
  keyPrefix?: string;
}

/**
 * `t` of the namespace (or of the first of several, all loaded before rendering), in the language in
 * force, and the instance. Without a namespace: `common`.
 */
export function useTranslation(
  ns: string | readonly string[] = 'common',
  options: UseTranslationOptions = {},
): { t: TFunction; i18n: typeof i18n } {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  const namespaces = typeof ns === 'string' ? [ns] : [...ns];
  const lng = i18n.language;
  const missing = namespaces.filter((n) => !i18n.hasLoadedNamespace(n, { lng }));
  if (missing.length) {
    // Suspense: the nearest boundary waits for the namespaces (one load per set, shared).
    const key = `${lng}|${missing.join(',')}`;
    let promise = loading.get(key);
    if (!promise) {
      promise = i18n.loadNamespaces(missing).finally(() => loading.delete(key));
      loading.set(key, promise);
    }
    use(promise);
  }
  const key = `${lng}|${namespaces[0]}|${options.keyPrefix ?? ''}`;
  let t = fixed.get(key);
  if (!t) {
    t = i18n.getFixedT(lng, namespaces[0], options.keyPrefix) as TFunction;
    fixed.set(key, t);
  }
  return { t, i18n };
}
