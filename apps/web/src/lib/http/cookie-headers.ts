import { HEADERS_COOKIE } from '@mbo/contracts/product';

/**
 * The extra headers of every call (spec section 7): the cookie named HEADERS_COOKIE holds a JSON
 * object of header name → value. A missing or malformed cookie adds nothing.
 */
export function readCookieHeaders(cookieString: string = document.cookie): Record<string, string> {
  const raw = readCookie(cookieString, HEADERS_COOKIE);
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(safeDecode(raw));
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) continue; // not a valid header name
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      const text = String(value);
      if (!/[\r\n]/.test(text)) headers[name] = text;
    }
  }
  return headers;
}

function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
