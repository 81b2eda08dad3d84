import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME } from '@mbo/contracts/product';
import { ANTD_THEME, TEXT_COLORS } from './theme';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const globalCss = readFileSync(path.join(import.meta.dirname, 'global.css'), 'utf8');
const WHITE = '#ffffff';
const LAYOUT_GREY = '#f5f7fb';

describe('theme', () => {
  it('keeps the spec brand colours as the seeds', () => {
    expect(ANTD_THEME.token).toMatchObject({
      colorPrimary: THEME.colorPrimary,
      colorSuccess: THEME.colorSuccess,
      colorWarning: THEME.colorWarning,
      colorError: THEME.colorError,
    });
  });

  it('gives every text colour at least 4.5:1 on white and on the layout grey (WCAG 2 AA)', () => {
    for (const [name, colour] of Object.entries(TEXT_COLORS)) {
      expect(contrast(colour, WHITE), `${name} on white`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour, LAYOUT_GREY), `${name} on the layout grey`).toBeGreaterThanOrEqual(4.5);
    }
    // What the tokens replace: the brand colours as text would fail.
    expect(contrast(THEME.colorSuccess, WHITE)).toBeLessThan(4.5);
    expect(contrast(THEME.colorError, WHITE)).toBeLessThan(4.5);
  });

  it('writes status tags in the readable shade and keeps the brand colour as their border', () => {
    expect(ANTD_THEME.components?.Tag).toMatchObject({
      colorSuccess: TEXT_COLORS.success,
      colorSuccessBorder: THEME.colorSuccess,
      colorError: TEXT_COLORS.error,
      colorErrorBorder: THEME.colorError,
      colorWarning: TEXT_COLORS.warning,
      colorWarningBorder: THEME.colorWarning,
    });
  });

  it('has global.css declare the same text colours as CSS variables', () => {
    const declared = (name: string) => new RegExp(`--mbo-text${name}:\\s*([^;]+);`).exec(globalCss)?.[1].trim();
    expect(declared('')).toBe(TEXT_COLORS.base);
    for (const key of ['secondary', 'tertiary', 'placeholder', 'success', 'error', 'warning'] as const) {
      expect(declared(`-${key}`), key).toBe(TEXT_COLORS[key]);
    }
  });
});
