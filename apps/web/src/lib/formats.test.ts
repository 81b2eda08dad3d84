import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/i18n/i18n';
import { countryName } from './country-name';
import { displayDayWithWeekday, displayMonth, displayShortDay } from './display-day';
import { displayFigure, displayMoney } from './display-money';
import { displayNumber, displayPercent, intlLocale } from './formats';
import { formatZonedDateTime } from './format-time';

const NBSP = '\u00a0';

describe.each([
  {
    lng: 'en' as const,
    intl: 'en-US',
    shortDay: 'Nov 23',
    weekday: 'Mon 2026-11-23',
    month: 'February 2026',
    percent: '12.5%',
    country: 'Singapore (SG)',
  },
  {
    lng: 'zh-CN' as const,
    intl: 'zh-CN',
    shortDay: '11月23日',
    weekday: '周一 2026-11-23',
    month: '2026年2月',
    percent: '12.5%',
    country: '新加坡 (SG)',
  },
])('formats in $lng', (c) => {
  afterEach(() => changeLocale('en', { remember: false }));

  it('follows the language through Intl', async () => {
    await changeLocale(c.lng, { remember: false });
    expect(intlLocale()).toBe(c.intl);
    expect(displayNumber(1204)).toBe('1,204');
    expect(displayPercent(0.125)).toBe(c.percent);
    expect(displayShortDay('2026-11-23')).toBe(c.shortDay);
    expect(displayDayWithWeekday('2026-11-23')).toBe(c.weekday);
    expect(displayMonth('2026-02')).toBe(c.month);
    expect(countryName('SG')).toBe(c.country);
  });

  it("keeps each currency's own decimals: none for JPY and IDR, three for KWD", async () => {
    await changeLocale(c.lng, { remember: false });
    expect(displayMoney(123450, 'USD')).toBe(`1,234.50${NBSP}USD`);
    expect(displayMoney(1500, 'JPY')).toBe(`1,500${NBSP}JPY`);
    expect(displayMoney(150000000, 'IDR')).toBe(`150,000,000${NBSP}IDR`);
    expect(displayMoney(1, 'KWD')).toBe(`0.001${NBSP}KWD`);
    expect(displayFigure(-1234, 'EUR')).toBe('-12.34');
  });

  it('keeps the time zone named in a time', async () => {
    await changeLocale(c.lng, { remember: false });
    expect(formatZonedDateTime('2026-05-14T01:32:10Z', 'Asia/Singapore')).toBe('2026-05-14 09:32:10 GMT+08:00');
  });
});
