import { theme, type ThemeConfig } from 'antd';
import { THEME } from '@mbo/contracts/product';

/** The two looks of the app: the user's choice (system, light, dark) resolves to one (theme-preference.ts). */
export type ThemeMode = 'light' | 'dark';

/**
 * Colours of text, each readable (WCAG 2 AA, at least 4.5:1) on white, on the layout grey #f5f7fb
 * and on the light tint of its own status. The spec's brand colours (THEME) stay the fills: primary
 * buttons, tag borders, dots, badges, chart bars; where a brand colour would be text too light to
 * read (green 2.2:1, amber 1.6:1, red 3.9:1 on white), text takes the darker shade of the same hue.
 * global.css mirrors these values as CSS variables (theme.test.ts keeps the two equal).
 */
export const TEXT_COLORS = {
  base: '#0a142f',
  /** Sub-lines, labels, captions: 6.4:1 on white, 5.9:1 on the layout grey. */
  secondary: '#585f72',
  /** Descriptions, help and empty states: 5.5:1 on white. */
  tertiary: '#62697a',
  /** Input and select placeholders: 5.2:1 on white. */
  placeholder: '#676d7e',
  /** Success text (tags, "Succeeded"): 5.7:1 on its tint. */
  success: '#137350',
  /** Error text (tags, form errors, danger links): 5.6:1 on its tint. */
  error: '#c4101f',
  /** Warning text (tags): 5.0:1 on its tint. */
  warning: '#8a6100',
  /** Links and the primary colour as text (selected menu item and tab): the brand blue, 5.5:1 on white. */
  link: THEME.colorPrimary,
} as const;

/**
 * The dark counterparts: light text on the dark surfaces below, each at least 4.5:1 on every dark
 * surface and on its status tint (theme.test.ts). The brand blue carries white text on a button
 * (5.5:1) but reads 3.3:1 as text on the dark card: links and selected items take a lighter blue.
 */
export const DARK_TEXT_COLORS = {
  base: '#e8ebf3',
  secondary: '#aeb5c7',
  tertiary: '#a3aabd',
  placeholder: '#9ba3b6',
  success: '#4fd6a0',
  error: '#ff8a92',
  warning: '#f5c451',
  link: '#8aa8ff',
} as const satisfies Record<keyof typeof TEXT_COLORS, string>;

/**
 * The surfaces, borders and fills of each look (the page, cards, pop-ups, the side menu and header,
 * table heads and insets, hairlines, brand tints and chart bars). global.css declares them as
 * `--mbo-<name>` variables; every style sheet uses these variables, never a colour of its own.
 */
export const SURFACES = {
  light: {
    primary: THEME.colorPrimary,
    'bg-layout': '#f5f7fb',
    'bg-container': '#ffffff',
    'bg-elevated': '#ffffff',
    'bg-subtle': '#f7f9fc',
    'bg-sider': '#fbfcfe',
    'bg-header': 'rgba(255, 255, 255, 0.92)',
    border: '#e6e9f0',
    'border-subtle': '#eef0f5',
    divider: 'rgba(10, 20, 47, 0.06)',
    fill: 'rgba(10, 20, 47, 0.04)',
    'fill-strong': 'rgba(10, 20, 47, 0.08)',
    'primary-bg': 'rgba(25, 87, 255, 0.08)',
    'primary-border': 'rgba(25, 87, 255, 0.3)',
    'success-bg': 'rgba(56, 199, 147, 0.14)',
    'error-bg': 'rgba(245, 47, 62, 0.08)',
    'warning-bg': 'rgba(255, 191, 0, 0.14)',
    'chart-bar': 'rgba(25, 87, 255, 0.72)',
    'chart-bar-muted': '#b9c7ee',
    shadow: 'rgba(10, 20, 47, 0.08)',
    /** Chart tooltips: dark in both looks, white text. */
    'tooltip-bg': '#0a142f',
  },
  dark: {
    primary: THEME.colorPrimary,
    'bg-layout': '#0c1322',
    'bg-container': '#151d30',
    'bg-elevated': '#1c2540',
    'bg-subtle': '#1a2339',
    'bg-sider': '#111a2c',
    'bg-header': 'rgba(21, 29, 48, 0.92)',
    border: '#2b3652',
    'border-subtle': '#222c45',
    divider: 'rgba(255, 255, 255, 0.08)',
    fill: 'rgba(255, 255, 255, 0.05)',
    'fill-strong': 'rgba(255, 255, 255, 0.1)',
    'primary-bg': 'rgba(77, 125, 255, 0.18)',
    'primary-border': 'rgba(138, 168, 255, 0.45)',
    'success-bg': 'rgba(56, 199, 147, 0.16)',
    'error-bg': 'rgba(245, 47, 62, 0.16)',
    'warning-bg': 'rgba(255, 191, 0, 0.16)',
    'chart-bar': 'rgba(92, 135, 255, 0.9)',
    'chart-bar-muted': '#3a4d80',
    shadow: 'rgba(0, 0, 0, 0.4)',
    'tooltip-bg': '#2b3652',
  },
} as const satisfies Record<ThemeMode, Record<string, string>>;

/** The surface names both looks declare. */
export type SurfaceName = keyof (typeof SURFACES)['light'];

/** Preset tag colours as text on their dark tint (theme.test.ts checks them). */
export const DARK_PRESET_TEXT = { purple: '#c9a8f7' } as const;

/** Danger buttons' fill: the spec's red carries white text at 3.9:1 only; this red carries it at 5.2:1. */
const DANGER_FILL = '#d41f2e';

/** Every CSS variable global.css declares for a look: `--mbo-text…` and `--mbo-<surface>` (theme.test.ts). */
export function cssVariables(mode: ThemeMode): Record<string, string> {
  const text = mode === 'dark' ? DARK_TEXT_COLORS : TEXT_COLORS;
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(text)) vars[key === 'base' ? '--mbo-text' : `--mbo-text-${key}`] = value;
  for (const [key, value] of Object.entries(SURFACES[mode])) vars[`--mbo-${key}`] = value;
  return vars;
}

const FONT_FAMILY =
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** The antd theme of one look: the spec's brand colours as seeds, that look's surfaces and readable text. */
function antdTheme(mode: ThemeMode): ThemeConfig {
  const text = mode === 'dark' ? DARK_TEXT_COLORS : TEXT_COLORS;
  const surface = SURFACES[mode];
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: THEME.colorPrimary,
      colorSuccess: THEME.colorSuccess,
      colorWarning: THEME.colorWarning,
      colorError: THEME.colorError,
      colorInfo: THEME.colorPrimary,
      colorLink: text.link,
      colorLinkHover: text.link,
      colorPrimaryText: text.link,
      colorPrimaryTextHover: text.link,
      borderRadius: THEME.borderRadius,
      controlHeight: THEME.controlHeight,
      colorBgLayout: surface['bg-layout'],
      colorBgContainer: surface['bg-container'],
      colorBgElevated: surface['bg-elevated'],
      ...(mode === 'dark'
        ? {
            colorBorder: '#3a4664',
            colorBorderSecondary: surface.border,
            // The text of preset-colour tags (role, plan, "Default"): the dark palettes' 7th shade reads 3.4:1.
            blue7: DARK_TEXT_COLORS.link,
            geekblue7: DARK_TEXT_COLORS.link,
            green7: DARK_TEXT_COLORS.success,
            purple7: DARK_PRESET_TEXT.purple,
          }
        : {}),
      colorTextBase: text.base,
      colorTextSecondary: text.secondary,
      colorTextTertiary: text.tertiary,
      colorTextDescription: text.tertiary,
      colorTextPlaceholder: text.placeholder,
      colorSuccessText: text.success,
      colorErrorText: text.error,
      colorWarningText: text.warning,
      fontFamily: FONT_FAMILY,
    },
    components: {
      Layout: {
        headerBg: surface['bg-container'],
        siderBg: surface['bg-sider'],
        bodyBg: surface['bg-layout'],
        headerHeight: 64,
      },
      Menu: {
        itemBg: 'transparent',
        subMenuItemBg: 'transparent',
        popupBg: surface['bg-elevated'],
        itemSelectedBg: surface['primary-bg'],
        itemSelectedColor: text.link,
        subMenuItemSelectedColor: text.link,
        itemBorderRadius: 8,
        itemMarginInline: 8,
        itemHeight: 40,
        dangerItemColor: text.error,
      },
      Tabs: { itemSelectedColor: text.link, itemActiveColor: text.link, itemHoverColor: text.link },
      Pagination: { itemActiveColor: text.link, itemActiveColorHover: text.link },
      Card: { borderRadiusLG: 12 },
      // A status tag keeps its brand colour as the border over the status tint; its word is the readable shade.
      Tag: {
        colorSuccess: text.success,
        colorSuccessBorder: THEME.colorSuccess,
        colorError: text.error,
        colorErrorBorder: THEME.colorError,
        colorWarning: text.warning,
        colorWarningBorder: THEME.colorWarning,
        // "Processing" (in progress) tags: the blue as text is the readable link shade.
        colorInfo: text.link,
        colorInfoBorder: THEME.colorPrimary,
      },
      // Field errors and warnings under an input are text.
      Form: { colorError: text.error, colorWarning: text.warning },
      // Danger buttons: in the light look a deeper red carries white text; in the dark look an outlined
      // danger button's red word must read on the dark card, so the red is light and a filled one's text dark.
      Button:
        mode === 'dark'
          ? {
              colorError: text.error,
              colorErrorHover: '#ffa3a9',
              colorErrorActive: '#ff6f79',
              dangerColor: TEXT_COLORS.base,
            }
          : { colorError: DANGER_FILL, colorErrorHover: '#e02433', colorErrorActive: '#b80d1b' },
    },
  };
}

/** antd theme: the tokens of spec section 9, the light dashboard look and readable text. */
export const ANTD_THEME: ThemeConfig = antdTheme('light');

/** antd's dark algorithm with the same brand colours, the dark surfaces and their readable text. */
export const ANTD_DARK_THEME: ThemeConfig = antdTheme('dark');

/** The antd theme of a look. */
export const antdThemeOf = (mode: ThemeMode): ThemeConfig => (mode === 'dark' ? ANTD_DARK_THEME : ANTD_THEME);
