import { describe, expect, it } from 'vitest';
import { recordText } from '@mbo/contracts/record-texts';
import { bankAccountChangedEmail, type BankAccountMailFacts } from './money-out-templates';
import { webhookEndpointDisabledEmail } from './webhook-templates';

/** The bank-account and webhook notices, in the recipient's language; never a secret in them. */
describe('notices about where money and events go', () => {
  const account: Omit<BankAccountMailFacts, 'change'> = {
    merchantName: 'Demo Store',
    account: 'ING Bank •••• 4300 (EUR)',
    by: 'olivia@demo.test',
    reason: null,
    link: 'https://example.test/app/settings/bank-accounts',
  };

  it('tells of a bank account added, in English as before and in Chinese', () => {
    const en = bankAccountChangedEmail('a@example.test', { ...account, change: 'ADDED' });
    expect(en.subject).toBe('A bank account was added');
    expect(en.text).toBe(
      'The bank account ING Bank •••• 4300 (EUR) was added to Demo Store by olivia@demo.test. It can receive withdrawals once the bank has verified it.\n\n' +
        'If you did not expect this change, review your team’s access and your bank accounts now.\n\n' +
        'Open your bank accounts: https://example.test/app/settings/bank-accounts\n',
    );
    const zh = bankAccountChangedEmail('a@example.test', { ...account, change: 'ADDED' }, 'zh-CN');
    expect(zh.subject).toBe('已添加银行账户');
    expect(zh.text).toContain('olivia@demo.test 已将银行账户 ING Bank •••• 4300 (EUR) 添加到 Demo Store。');
    expect(zh.text).toContain('如果这不是您预期的更改');
    expect(zh.html).toContain('<html lang="zh-CN">');
    expect(zh.html).toContain('查看银行账户');
    expect(`${zh.text}${zh.html}`).not.toMatch(/NL91|0417164300|added|Open/);
  });

  it("says the bank's reason for a rejection in the recipient's language", () => {
    const rejected = {
      ...account,
      change: 'REJECTED' as const,
      by: null,
      reason: recordText('bankAccountNameMismatch'),
    };
    expect(bankAccountChangedEmail('a@example.test', rejected).text).toMatch(
      /^The bank could not verify the account ING Bank •••• 4300 \(EUR\) of Demo Store: The account holder’s name does not match the bank’s records\. Check the details/,
    );
    const zh = bankAccountChangedEmail('a@example.test', rejected, 'zh-CN');
    expect(zh.subject).toBe('银行账户未通过验证');
    expect(zh.text).toMatch(
      /^银行未能验证 Demo Store 的账户 ING Bank •••• 4300 \(EUR\)：账户持有人姓名与银行记录不符。请检查/,
    );
    // A verification is the bank's: no "by", no warning.
    const verified = bankAccountChangedEmail('a@example.test', { ...rejected, change: 'VERIFIED' }, 'zh-CN');
    expect(verified.text).not.toContain('预期');
  });

  it('tells that a webhook endpoint was disabled, in Chinese, without its signing secret', () => {
    const facts = {
      merchantName: 'Demo Store',
      url: 'https://hooks.example.test/in',
      days: 4,
      lastError: 'HTTP 500',
      link: 'https://example.test/app/settings/integration',
    };
    const en = webhookEndpointDisabledEmail('a@example.test', facts);
    expect(en.subject).toBe('Webhook endpoint disabled: https://hooks.example.test/in');
    expect(en.text).toContain('have failed for 4 days, so we disabled it.');
    expect(webhookEndpointDisabledEmail('a@example.test', { ...facts, days: 1 }).text).toContain('for 1 day, so');
    const zh = webhookEndpointDisabledEmail('a@example.test', facts, 'zh-CN');
    expect(zh.subject).toBe('Webhook 端点已停用：https://hooks.example.test/in');
    expect(zh.text).toContain(
      'Demo Store 的 Webhook 端点 https://hooks.example.test/in 已连续 4 天投递失败，我们已将其停用。',
    );
    expect(zh.text).toContain('最近一次尝试的结果：HTTP 500。');
    expect(zh.html).toContain('打开集成设置');
    expect(`${zh.text}${zh.html}`).not.toMatch(/whsec_|secret/i);
  });
});
