import type { TFunction } from 'i18next';

/**
 * A short, readable form of a user agent: "Chrome on macOS", "Safari on iPhone", "curl" (`t`: the
 * `user-center` namespace's; browser and system names stay as they are).
 */
export function describeDevice(userAgent: string | null | undefined, t: TFunction): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return t('loginHistory.unknownDevice');

  const browser = detectBrowser(ua);
  const os = detectOs(ua);
  if (browser && os) return t('loginHistory.browserOn', { browser, os });
  if (browser) return browser;
  if (os) return os;
  // A tool or library ("curl/8.5.0", "okhttp/4.12"): its name without the version.
  const product = /^([A-Za-z][\w.-]*)\//.exec(ua)?.[1];
  if (product) return product;
  return ua.length > 40 ? `${ua.slice(0, 39)}…` : ua;
}

function detectBrowser(ua: string): string | undefined {
  if (/HeadlessChrome\//.test(ua)) return 'Headless Chrome';
  if (/Edg(A|iOS)?\//.test(ua)) return 'Edge';
  if (/(OPR|Opera)\//.test(ua)) return 'Opera';
  if (/SamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/(Firefox|FxiOS)\//.test(ua)) return 'Firefox';
  if (/(Chrome|CriOS|Chromium)\//.test(ua)) return 'Chrome';
  if (/Version\/[\d.]+.*Safari\//.test(ua)) return 'Safari';
  if (/PlaywrightTest|Playwright/.test(ua)) return 'Playwright';
  return undefined;
}

function detectOs(ua: string): string | undefined {
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return 'Android';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Windows NT/.test(ua)) return 'Windows';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return undefined;
}
