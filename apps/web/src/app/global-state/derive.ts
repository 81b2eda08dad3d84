/** Pure derivations of the global state (spec section 3). */
import type { MenuItem } from '@mbo/contracts/usercenter';
import type { Option } from '@mbo/contracts/acquiring';
import type { AlertInfo } from '@/lib/global-state';

/**
 * authUrls: the flattened list of menu URLs (at every depth) plus the resourceUrl of every
 * permission whose code starts with PAGE. Duplicates and empty URLs are dropped; order is menu order.
 */
export function flattenAuthUrls(menus: readonly MenuItem[]): string[] {
  const urls = new Set<string>();
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.menuUrl) urls.add(item.menuUrl);
      for (const p of item.permissions ?? []) {
        if (p.permissionCode?.startsWith('PAGE') && p.resourceUrl) urls.add(p.resourceUrl);
      }
      if (item.childMenus?.length) walk(item.childMenus);
    }
  };
  walk(menus);
  return [...urls];
}

/** Permission code → true when the server said ALLOW. Codes it did not answer are false. */
export function toPermissionMap(
  codes: readonly string[],
  answer: Record<string, string> | undefined,
): Record<string, boolean> {
  const map: Record<string, boolean> = {};
  for (const code of codes) map[code] = answer?.[code] === 'ALLOW';
  for (const [code, verdict] of Object.entries(answer ?? {})) map[code] = verdict === 'ALLOW';
  return map;
}

/** payMethodMap: value → label of payMethodNameList. */
export function toPayMethodMap(options: readonly Option[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const o of options) map[o.value] = o.label;
  return map;
}

export const EMPTY_ALERT_INFO: AlertInfo = { customerDisputeCount: 0, chargebackCount: 0 };

/** alertInfo from the dispute status count; missing or non-numeric counts are 0. */
export function toAlertInfo(data: Partial<AlertInfo> | null | undefined): AlertInfo {
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
  return { customerDisputeCount: n(data?.customerDisputeCount), chargebackCount: n(data?.chargebackCount) };
}

/** Reads a list answer that is either the array itself or an object holding it under one of `keys`. */
export function readList<T>(data: unknown, ...keys: string[]): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object') {
    for (const key of keys) {
      const value = (data as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as T[];
    }
  }
  return [];
}
