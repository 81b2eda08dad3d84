import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { THEME } from '@mbo/contracts/product';
import { ANTD_DARK_THEME, ANTD_THEME, cssVariables, DARK_TEXT_COLORS, SURFACES, TEXT_COLORS } from './theme';

/** A #rrggbb colour, or an rgba() one laid over `under` (#rrggbb), as its three channels. */
function channels(colour: string, under = '#ffffff'): number[] {
  const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(colour);
  if (!rgba) return hex(colour);
  const alpha = Number(rgba[4]);
  return hex(under).map((u, i) => Number(rgba[i + 1]) * alpha + u * (1 - alpha));
}

/** WCAG 2 relative luminance of a colour. */
function luminance(colour: string, under?: string): number {
  const [r, g, b] = channels(colour, under).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(text: string, background: string, under?: string): number {
  const [hi, lo] = [luminance(text), luminance(background, under)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const globalCss = readFileSync(path.join(import.meta.dirname, 'global.css'), 'utf8');
const WHITE = '#ffffff';
const LAYOUT_GREY = '#f5f7fb';

/** The `--name: value;` declarations of one rule of global.css, by its selector. */
function declaredVariables(selector: string): Record<string, string> {
  const start = globalCss.indexOf(`${selector} {`);
  expect(start, `global.css has a rule ${selector}`).toBeGreaterThanOrEqual(0);
  const body = globalCss.slice(start, globalCss.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--mbo-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

describe('theme', () => {
  it('keeps the spec brand colours as the seeds of both looks', () => {
    for (const config of [ANTD_THEME, ANTD_DARK_THEME]) {
      expect(config.token).toMatchObject({
        colorPrimary: THEME.colorPrimary,
        colorSuccess: THEME.colorSuccess,
        colorWarning: THEME.colorWarning,
        colorError: THEME.colorError,
        borderRadius: THEME.borderRadius,
        controlHeight: THEME.controlHeight,
      });
    }
    expect(ANTD_THEME.algorithm).toBe(theme.defaultAlgorithm);
    expect(ANTD_DARK_THEME.algorithm).toBe(theme.darkAlgorithm);
  });

  it('gives every light text colour at least 4.5:1 on white and on the layout grey (WCAG 2 AA)', () => {
    for (const [name, colour] of Object.entries(TEXT_COLORS)) {
      expect(contrast(colour, WHITE), `${name} on white`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour, LAYOUT_GREY), `${name} on the layout grey`).toBeGreaterThanOrEqual(4.5);
    }
    // What the tokens replace: the brand colours as text would fail.
    expect(contrast(THEME.colorSuccess, WHITE)).toBeLessThan(4.5);
    expect(contrast(THEME.colorError, WHITE)).toBeLessThan(4.5);
  });

  it('gives every dark text colour at least 4.5:1 on every dark surface and on the brand tints', () => {
    const dark = SURFACES.dark;
    const solid = ['bg-layout', 'bg-container', 'bg-elevated', 'bg-subtle', 'bg-sider'] as const;
    const tints = ['primary-bg', 'success-bg', 'error-bg', 'warning-bg'] as const;
    for (const [name, colour] of Object.entries(DARK_TEXT_COLORS)) {
      for (const surface of solid)
        expect(contrast(colour, dark[surface]), `${name} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      for (const tint of tints)
        expect(contrast(colour, dark[tint], dark['bg-container']), `${name} on ${tint}`).toBeGreaterThanOrEqual(4.5);
    }
    // The brand blue stays the fill of primary buttons (white text) but is no text colour on the dark card.
    expect(contrast(WHITE, THEME.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(THEME.colorPrimary, dark['bg-container'])).toBeLessThan(4.5);
    expect(ANTD_DARK_THEME.token).toMatchObject({
      colorLink: DARK_TEXT_COLORS.link,
      colorTextBase: DARK_TEXT_COLORS.base,
    });
  });

  it('writes status tags in the readable shade of each look and keeps the brand colour as their border', () => {
    for (const [config, text] of [
      [ANTD_THEME, TEXT_COLORS],
      [ANTD_DARK_THEME, DARK_TEXT_COLORS],
    ] as const) {
      expect(config.components?.Tag).toMatchObject({
        colorSuccess: text.success,
        colorSuccessBorder: THEME.colorSuccess,
        colorError: text.error,
        colorErrorBorder: THEME.colorError,
        colorWarning: text.warning,
        colorWarningBorder: THEME.colorWarning,
      });
    }
  });

  it('has global.css declare the same colours as CSS variables, for the light and the dark look', () => {
    expect(declaredVariables(':root')).toEqual(cssVariables('light'));
    expect(declaredVariables(":root[data-theme='dark']")).toEqual(cssVariables('dark'));
    expect(cssVariables('light')['--mbo-text']).toBe(TEXT_COLORS.base);
    expect(cssVariables('dark')['--mbo-text-secondary']).toBe(DARK_TEXT_COLORS.secondary);
  });
});
