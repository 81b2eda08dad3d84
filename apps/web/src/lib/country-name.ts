import { regionName } from './formats';

/** "Singapore (SG)" / "新加坡 (SG)"; the code alone when it names no region (or the browser has no region names). */
export function countryName(code: string): string {
  const name = regionName(code);
  return name ? `${name} (${code})` : code;
}
