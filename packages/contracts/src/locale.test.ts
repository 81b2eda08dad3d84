import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, localeOfAcceptLanguage, localeOfTag, matchLocale } from './locale';

describe('the language of a visitor', () => {
  it('reads English and Simplified Chinese tags, not Traditional Chinese', () => {
    expect(localeOfTag('en-GB')).toBe('en');
    expect(localeOfTag('zh')).toBe('zh-CN');
    expect(localeOfTag('zh-Hans-SG')).toBe('zh-CN');
    expect(localeOfTag('zh-TW')).toBeUndefined();
    expect(localeOfTag('zh-Hant')).toBeUndefined();
    expect(localeOfTag('fr-FR')).toBeUndefined();
  });

  it('takes the first preferred language the product speaks', () => {
    expect(matchLocale(['fr-FR', 'zh-CN', 'en'])).toBe('zh-CN');
    expect(matchLocale(['de'])).toBeUndefined();
  });

  it('orders an Accept-Language header by weight, then by position', () => {
    expect(acceptLanguageTags('en;q=0.5, zh-CN, fr;q=0.8, *;q=0.1, de;q=0')).toEqual(['zh-CN', 'fr', 'en']);
    expect(localeOfAcceptLanguage('fr-FR,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(localeOfAcceptLanguage('de-DE')).toBe('en');
    expect(localeOfAcceptLanguage(undefined)).toBe('en');
  });
});
