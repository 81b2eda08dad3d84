/** The value checks of config.ts, shared by its parts (storage-config.ts): a message never repeats a secret. */
import { z } from 'zod';

/** An unset or blank variable is absent: `FOO=` means "use the default", as in most deployments. */
export const text = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
  z.string().optional(),
);

export function wholeNumber<Fallback extends number | undefined>(min: number, max: number, fallback: Fallback) {
  return text.transform((value, ctx): number | Fallback => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (/^\d+$/.test(value) && number >= min && number <= max) return number;
    ctx.addIssue({ code: 'custom', message: `must be a whole number between ${min} and ${max}, not '${value}'` });
    return z.NEVER;
  });
}

/** true/false (or 1/0); absent → undefined, so the caller picks the default (some depend on other variables). */
export const flag = text.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  ctx.addIssue({ code: 'custom', message: `must be true or false, not '${value}'` });
  return z.NEVER;
});

export function url(protocols: string[], example: string) {
  return text.transform((value, ctx) => {
    if (value === undefined) return undefined;
    let parsed: URL | undefined;
    try {
      parsed = new URL(value);
    } catch {
      parsed = undefined;
    }
    if (parsed && protocols.includes(parsed.protocol)) return value;
    // The value may hold a password: name only its scheme.
    const shown = parsed ? `a ${parsed.protocol}// URL` : `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
    ctx.addIssue({
      code: 'custom',
      message: `must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL such as ${example}, not ${parsed ? shown : 'something that is not a URL'}`,
    });
    return z.NEVER;
  });
}
