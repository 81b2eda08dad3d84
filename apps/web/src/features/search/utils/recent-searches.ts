/**
 * The user's recent searches, kept in this browser (localStorage, per user): the last few queries, newest
 * first. A query that holds more than an API key's visible start (a whole secret key pasted in) is never
 * kept.
 */
const MAX = 6;
const keyOf = (userId: string) => `mbo.search.recent.${userId}`;
/** More than the visible start of a key ("sk_test_" and 4 characters) is a secret. */
const SECRET_RE = /sk_(test|live)_[0-9A-Za-z]{5,}/;

export function mayKeep(query: string): boolean {
  return query.trim() !== '' && !SECRET_RE.test(query);
}

export function readRecent(userId: string): string[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(raw) ? raw.filter((q): q is string => typeof q === 'string' && mayKeep(q)).slice(0, MAX) : [];
  } catch {
    return [];
  }
}

/** Puts a query first (once) and returns the list kept. */
export function keepRecent(userId: string, query: string): string[] {
  const text = query.trim();
  const list = readRecent(userId);
  if (!mayKeep(text)) return list;
  const next = [text, ...list.filter((q) => q !== text)].slice(0, MAX);
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify(next));
  } catch {
    // Storage full or off: the list just is not kept.
  }
  return next;
}

export function clearRecent(userId: string): void {
  try {
    window.localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing kept to clear.
  }
}
