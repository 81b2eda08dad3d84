/**
 * antd's own words (pagination, date pickers, empty states, modal buttons) and dayjs's month and day
 * names follow the language: Simplified Chinese loads antd's zh_CN and dayjs's zh-cn as a chunk of
 * their own; English is antd's built-in default (no chunk). providers.tsx passes it to ConfigProvider.
 */
import { useSyncExternalStore } from 'react';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '@mbo/contracts/locale';

let current: AntdLocale | undefined;
let dayjsChanged = false;
const listeners = new Set<() => void>();

/** Loads antd's and dayjs's words for a language; resolves once they are in force. */
export async function loadAntdLocale(lng: Locale): Promise<void> {
  if (lng === 'zh-CN') {
    const [{ default: zh }, { default: dayjs }] = await Promise.all([
      import('antd/es/locale/zh_CN'),
      import('dayjs'),
      import('dayjs/locale/zh-cn'),
    ]);
    dayjs.locale('zh-cn');
    dayjsChanged = true;
    current = zh;
  } else {
    if (dayjsChanged) (await import('dayjs')).default.locale('en');
    current = undefined;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** antd's locale for ConfigProvider: undefined for English (antd's default). */
export function useAntdLocale(): AntdLocale | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
}
