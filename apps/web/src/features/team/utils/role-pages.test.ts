import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { ROLE_MATRIX } from './role-fixtures';
import { groupBySection, pageName, sectionName } from './role-pages';

const zh = i18n.getFixedT('zh-CN');
const en = i18n.getFixedT('en');

/** The matrix's pages and sections are worded by the menu ids the server sends, as the menu words them. */
describe('role pages', () => {
  it('names pages and sections by their menu ids, in the language in force', () => {
    const sections = groupBySection(ROLE_MATRIX.pages);
    expect(sections.map((s) => [sectionName(zh, s), s.pages.map((p) => pageName(zh, p))])).toEqual([
      [null, ['首页']],
      ['交易', ['支付']],
      ['设置', ['团队']],
    ]);
    expect(sections.map((s) => sectionName(en, s))).toEqual([null, 'Transactions', 'Settings']);
  });

  it('reads a page by its id, not its path (the report centre under Payouts), and the English of an id the menu lacks', () => {
    const reports = { menuUrl: '/transactions/reports', menuId: 'payout-reports', name: 'Reports' };
    expect(pageName(zh, reports)).toBe('报表');
    expect(pageName(zh, { menuId: 'a-later-page', name: 'A later page' })).toBe('A later page');
  });
});
