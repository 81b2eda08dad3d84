import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@mbo/contracts/error-catalogue';
import { disputeDueSoonEmail } from '../../mail/dispute-templates';
import { ONE_TIME_LINK_MARK } from '../../mail/one-time-link';
import { invitationEmail } from '../../mail/templates';
import { AppError } from '../app-error';
import { messageIn } from '../envelope';
import { callerLocale, recipientLocale, SERVER_NAMESPACES, SERVER_RESOURCES } from './i18n';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`.replace(/_(one|other)$/, '')] : keys(v, `${prefix}${k}.`),
  );

describe("the server's translations", () => {
  it('has every key of every namespace in both languages', () => {
    for (const ns of SERVER_NAMESPACES) {
      const en = new Set(keys(SERVER_RESOURCES.en[ns] as Tree));
      const zh = new Set(keys(SERVER_RESOURCES['zh-CN'][ns] as Tree));
      expect(
        [...en].filter((k) => !zh.has(k)),
        `zh-CN lacks in ${ns}`,
      ).toEqual([]);
      expect(
        [...zh].filter((k) => !en.has(k)),
        `en lacks in ${ns}`,
      ).toEqual([]);
    }
  });

  it("has a message for every code the product adds to the catalogue (the client's table has none)", () => {
    const codes = SERVER_RESOURCES['zh-CN'].errors.codes as Record<string, string>;
    const added = Object.values(ERROR_CODES).filter((code) => new AppError(code).mapEnabled);
    expect(added.filter((code) => !codes[code])).toEqual([]);
  });

  it("finds the caller's language: the user's choice, else Accept-Language, else English", () => {
    expect(callerLocale('zh-CN', 'en-US')).toBe('zh-CN');
    expect(callerLocale(null, 'zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(callerLocale(undefined, 'fr')).toBe('en');
    expect(recipientLocale(null)).toBe('en');
  });

  it('words an error in the caller language: its key, else its code, else the English message', () => {
    const locked = new AppError(ERROR_CODES.ACCOUNT_LOCKED, { text: { key: 'accountLocked', values: { count: 1 } } });
    expect(locked.message).toBe(
      'Too many failed attempts. The account is locked; try again in 1 minute or reset your password.',
    );
    expect(messageIn(locked, 'zh-CN')).toBe('失败次数过多，账户已锁定；请在 1 分钟后重试，或重置密码。');
    expect(messageIn(new AppError(ERROR_CODES.DISPUTE_NOT_FOUND, { msg: 'Dispute not found.' }), 'zh-CN')).toBe(
      '未找到争议。',
    );
    // A catalogue code: the client words it from its own table, the message stays as it is.
    expect(messageIn(new AppError(ERROR_CODES.ORDER_NOT_FOUND), 'zh-CN')).toBe('Order not found.');
  });

  it("writes invitations and dispute reminders in the recipient's language", () => {
    const link = { url: 'https://example.test/app/auth/register_password?token=x', expiresAt: new Date() };
    const invite = invitationEmail('a@example.test', link, 'Demo Store', 'Olivia', 'zh-CN');
    expect(invite.subject).toBe('您受邀加入 Demo Store');
    expect(invite.text).toContain(`激活账户：${ONE_TIME_LINK_MARK}`);
    const facts = {
      disputeId: 'D1',
      type: 'CHARGEBACK',
      merchantName: 'Demo Store',
      amount: '12.00 EUR',
      fee: '15.00 EUR',
      reason: '欺诈',
      due: '2026-12-01 17:00 (Europe/Amsterdam)',
      link: 'https://example.test/d',
    } as const;
    const due = disputeDueSoonEmail('a@example.test', facts, 'zh-CN');
    expect(due.subject).toBe('提醒：拒付 D1 将于 2026-12-01 17:00 (Europe/Amsterdam) 到期');
    expect(due.html).toContain('查看争议');
    expect(disputeDueSoonEmail('a@example.test', facts).subject).toMatch(/^Reminder: chargeback D1 is due/);
  });
});
