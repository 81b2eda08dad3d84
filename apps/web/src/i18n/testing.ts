/**
 * The i18n instance of the unit tests (src/test-setup.ts starts it for every test file): every
 * namespace of both languages loaded at once, English by default. A key that the code asks for and
 * the resources lack fails the test (missingKeyHandler), so a typo in a key never reaches a screen.
 */
import type { ResourceKey } from 'i18next';
import { DISPUTE_REASON_RESOURCE } from '@mbo/contracts/dispute-reasons';
import { DISPUTE_REASON_RESOURCE_ZH_CN } from '@mbo/contracts/dispute-reasons-zh-cn';
import { ENUM_LABELS } from '@mbo/contracts/enum-labels';
import { ENUM_LABELS_ZH_CN } from '@mbo/contracts/enum-labels-zh-cn';
import { ERROR_RESOURCE } from '@mbo/contracts/error-messages';
import { ERROR_RESOURCE_ZH_CN } from '@mbo/contracts/error-catalogue-zh-cn';
import type { Locale } from '@mbo/contracts/locale';
import { RECORD_TEXTS } from '@mbo/contracts/record-texts';
import { RECORD_TEXTS_ZH_CN } from '@mbo/contracts/record-texts-zh-cn';
import { i18n, I18N_OPTIONS } from './i18n';

const FILES = import.meta.glob<ResourceKey>('./locales/*/*.json', { eager: true, import: 'default' });

export function allResources(): Record<Locale, Record<string, ResourceKey>> {
  const out: Record<Locale, Record<string, ResourceKey>> = {
    en: {
      errors: ERROR_RESOURCE,
      labels: ENUM_LABELS,
      records: RECORD_TEXTS,
      'dispute-reasons': DISPUTE_REASON_RESOURCE,
    },
    'zh-CN': {
      errors: ERROR_RESOURCE_ZH_CN,
      labels: ENUM_LABELS_ZH_CN,
      records: RECORD_TEXTS_ZH_CN,
      'dispute-reasons': DISPUTE_REASON_RESOURCE_ZH_CN,
    },
  };
  for (const [path, data] of Object.entries(FILES)) {
    const [, lng, ns] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    out[lng as Locale][ns] = data;
  }
  return out;
}

export function initTestI18n(lng: Locale = 'en'): void {
  if (i18n.isInitialized) {
    void i18n.changeLanguage(lng);
    return;
  }
  void i18n.init({
    ...I18N_OPTIONS,
    supportedLngs: ['en', 'zh-CN'],
    lng,
    resources: allResources(),
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key, _fallback, _update, options) => {
      // A key with a default of its own (a server menu's id, say) may be missing by design.
      if ((options as { defaultValue?: unknown } | undefined)?.defaultValue !== undefined) return;
      throw new Error(`i18n: no key "${ns}:${key}" in the resources`);
    },
  });
}
