import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { globalStateKeys, invalidateKeys, isMerchantScoped, sharedKeys } from './query-keys';

const SRC = join(import.meta.dirname, '..');

/** Every source file of the web app (tests excluded). */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A call that reaches the whole cache: no filter, an empty one or `undefined`. */
const WHOLE_CACHE_CALL =
  /\.(invalidateQueries|resetQueries|removeQueries|refetchQueries)\(\s*(\{\s*\}|undefined)?\s*[,)]/g;

function wholeCacheCalls(text: string): string[] {
  return [...text.matchAll(WHOLE_CACHE_CALL)].map((m) => m[0]);
}

describe('cache calls', () => {
  it('recognises a call without a filter, and only that', () => {
    expect(wholeCacheCalls('void queryClient.invalidateQueries();')).toHaveLength(1);
    expect(wholeCacheCalls('queryClient.resetQueries( )')).toHaveLength(1);
    expect(wholeCacheCalls('queryClient.removeQueries({})')).toHaveLength(1);
    expect(wholeCacheCalls('client.refetchQueries(undefined, { cancelRefetch: false })')).toHaveLength(1);
    expect(wholeCacheCalls('queryClient.invalidateQueries({ queryKey: paymentKeys.all })')).toEqual([]);
    expect(wholeCacheCalls('queryClient.removeQueries({ predicate: isMerchantScoped })')).toEqual([]);
  });

  it('no source file invalidates, resets, removes or refetches the whole cache', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      wholeCacheCalls(readFileSync(file, 'utf8')).map((call) => `${relative(SRC, file)}: ${call}`),
    );
    expect(found).toEqual([]);
  });
});

describe('isMerchantScoped', () => {
  it('keeps the session and takes every other key', () => {
    expect(isMerchantScoped({ queryKey: globalStateKeys.currentUser() })).toBe(false);
    expect(isMerchantScoped({ queryKey: globalStateKeys.menus() })).toBe(false);
    expect(isMerchantScoped({ queryKey: sharedKeys.balances })).toBe(true);
    expect(isMerchantScoped({ queryKey: [...sharedKeys.payments, 'list', { pageNum: 1 }] })).toBe(true);
    expect(isMerchantScoped({ queryKey: ['saved-views', 'payments'] })).toBe(true);
  });
});

describe('invalidateKeys', () => {
  it('invalidates every query under the given prefixes and nothing else', async () => {
    const queryClient = new QueryClient();
    const under = [[...sharedKeys.refunds, 'detail', 'RF1'], sharedKeys.balances];
    const apart = [sharedKeys.subMerchantBalances, globalStateKeys.currentUser(), ['refunds-archive']];
    for (const key of [...under, ...apart]) queryClient.setQueryData(key, 1);
    await invalidateKeys(queryClient, [sharedKeys.refunds, sharedKeys.balances]);
    expect(under.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true]);
    expect(apart.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([false, false, false]);
  });
});
