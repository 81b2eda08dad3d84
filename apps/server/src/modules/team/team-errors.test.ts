import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from '../../lib/app-error';
import { messageIn } from '../../lib/envelope';
import { hasText } from '../../lib/i18n/i18n';
import { pageText, ROLE_CATALOGUE, roleText, roleValue } from './role-grants';

/** The team's refusals come back in the caller's language, the grants and roles they name included. */
describe("the team's error messages", () => {
  it('words a refused grant in English and in Chinese', () => {
    const missing = { menuUrls: ['/transactions/payments'], permissionCodes: ['API_PAYMENT_REFUND'] };
    const err = new AppError(ERROR_CODES.ROLE_CHANGE_REFUSED, {
      text: { key: 'team.grantMissing', values: { missing } },
    });
    expect(err.message).toBe('You cannot grant what your own role does not have: Payments (page), Refund payments.');
    expect(messageIn(err, 'zh-CN')).toBe('您不能授予自己角色没有的权限：支付（页面）、退款。');
    const inUse = new AppError(ERROR_CODES.ROLE_IN_USE, {
      text: {
        key: 'team.roleInUse',
        values: { count: 2, role: roleValue({ code: 'CUSTOM_SUPPORT', name: 'Support' }) },
      },
    });
    expect(inUse.message).toMatch(/^2 members hold the role “Support”/);
    expect(messageIn(inUse, 'zh-CN')).toMatch(/^仍有 2 位成员持有角色“Support”/);
  });

  it("names a built-in role in the caller's language, and a custom role as the merchant named it", () => {
    const refused = (key: string, code: string, name: string) =>
      new AppError(ERROR_CODES.ROLE_CHANGE_REFUSED, {
        text: {
          key: `team.${key}`,
          values: {
            role: roleValue({ code, name }),
            missing: { menuUrls: [], permissionCodes: ['API_PAYMENT_REFUND'] },
          },
        },
      });
    const edited = refused('builtInEdited', 'FINANCE', 'Finance');
    expect(edited.message).toBe('Built-in roles cannot be edited. Create a custom role from Finance instead.');
    expect(messageIn(edited, 'zh-CN')).toBe('内置角色不能编辑。请基于“财务”创建自定义角色。');
    const admin = refused('giveMissing', 'ADMIN', 'Admin');
    expect(admin.message).toMatch(/^You cannot give the role Admin: /);
    expect(messageIn(admin, 'zh-CN')).toBe('您不能分配角色“管理员”：它包含您自己角色没有的权限（退款）。');
    const custom = refused('giveMissing', 'CUSTOM_0A1B2C3D4E5F', 'Kundendienst');
    expect(messageIn(custom, 'zh-CN')).toMatch(/^您不能分配角色“Kundendienst”：/);
    expect(roleText({ code: 'VIEWER', name: 'Viewer' }, 'zh-CN')).toBe('只读');
  });

  it('names every page of the roles matrix as the menu does, in English and in Chinese', () => {
    for (const page of ROLE_CATALOGUE.pages) {
      expect(pageText(page.menuUrl), page.menuId).toBe(page.name);
      expect(hasText(`errors:team.grantWords.pages.${page.menuId}`, 'zh-CN'), page.menuId).toBe(true);
    }
    expect(pageText('/settlements/batch', 'zh-CN')).toBe('清算批次');
    const missing = { menuUrls: ['/account/withdraw', '/settings/bank-accounts'], permissionCodes: [] };
    const refused = new AppError(ERROR_CODES.ROLE_CHANGE_REFUSED, {
      text: { key: 'team.giveMissing', values: { role: roleValue({ code: 'FINANCE', name: 'Finance' }), missing } },
    });
    expect(refused.message).toBe(
      'You cannot give the role Finance: it grants what your own role does not have (Withdraw (page), Bank accounts (page)).',
    );
    expect(messageIn(refused, 'zh-CN')).toBe(
      '您不能分配角色“财务”：它包含您自己角色没有的权限（提现（页面）、银行账户（页面））。',
    );
  });
});
