import type { ThemeConfig } from 'antd';
import { THEME } from '@mbo/contracts/product';

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
} as const;

/** Danger buttons' fill: the spec's red carries white text at 3.9:1 only; this red carries it at 5.2:1. */
const DANGER_FILL = '#d41f2e';

/** antd theme: the tokens of spec section 9, the light dashboard look and readable text. */
export const ANTD_THEME: ThemeConfig = {
  token: {
    colorPrimary: THEME.colorPrimary,
    colorSuccess: THEME.colorSuccess,
    colorWarning: THEME.colorWarning,
    colorError: THEME.colorError,
    colorInfo: THEME.colorPrimary,
    colorLink: THEME.colorPrimary,
    borderRadius: THEME.borderRadius,
    controlHeight: THEME.controlHeight,
    colorBgLayout: '#f5f7fb',
    colorTextBase: TEXT_COLORS.base,
    colorTextSecondary: TEXT_COLORS.secondary,
    colorTextTertiary: TEXT_COLORS.tertiary,
    colorTextDescription: TEXT_COLORS.tertiary,
    colorTextPlaceholder: TEXT_COLORS.placeholder,
    colorSuccessText: TEXT_COLORS.success,
    colorErrorText: TEXT_COLORS.error,
    colorWarningText: TEXT_COLORS.warning,
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#fbfcfe', bodyBg: '#f5f7fb', headerHeight: 64 },
    Menu: {
      itemBg: 'transparent',
      subMenuItemBg: 'transparent',
      itemSelectedBg: 'rgba(25, 87, 255, 0.08)',
      itemSelectedColor: THEME.colorPrimary,
      itemBorderRadius: 8,
      itemMarginInline: 8,
      itemHeight: 40,
      dangerItemColor: TEXT_COLORS.error,
    },
    Card: { borderRadiusLG: 12 },
    // A status tag keeps its brand colour as the border over the status tint; its word is the dark shade.
    Tag: {
      colorSuccess: TEXT_COLORS.success,
      colorSuccessBorder: THEME.colorSuccess,
      colorError: TEXT_COLORS.error,
      colorErrorBorder: THEME.colorError,
      colorWarning: TEXT_COLORS.warning,
      colorWarningBorder: THEME.colorWarning,
    },
    // Field errors and warnings under an input are text.
    Form: { colorError: TEXT_COLORS.error, colorWarning: TEXT_COLORS.warning },
    Button: { colorError: DANGER_FILL, colorErrorHover: '#e02433', colorErrorActive: '#b80d1b' },
  },
};
