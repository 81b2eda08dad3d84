import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { AppError } from '../../lib/app-error';
import { messageIn } from '../../lib/envelope';
import './role-grants';

/** The team's refusals come back in the caller's language, the grants they name included. */
describe("the team's error messages", () => {
  it('words a refused grant in English and in Chinese', () => {
    const missing = { menuUrls: ['/transactions/payments'], permissionCodes: ['API_PAYMENT_REFUND'] };
    const err = new AppError(ERROR_CODES.ROLE_CHANGE_REFUSED, {
      text: { key: 'team.grantMissing', values: { missing } },
    });
    expect(err.message).toBe('You cannot grant what your own role does not have: Payments (page), Refund payments.');
    expect(messageIn(err, 'zh-CN')).toMatch(/^您不能授予自己角色没有的权限：Payments（页面）、退款。$/);
    const inUse = new AppError(ERROR_CODES.ROLE_IN_USE, {
      text: { key: 'team.roleInUse', values: { count: 2, role: 'Support' } },
    });
    expect(inUse.message).toMatch(/^2 members hold the role “Support”/);
    expect(messageIn(inUse, 'zh-CN')).toMatch(/^仍有 2 位成员持有角色“Support”/);
  });
});
