import { afterEach, describe, expect, it } from 'vitest';
import { recordText } from '@mbo/contracts/record-texts';
import { eventNoteIn } from '@/components/detail/event-note';
import { i18n } from './i18n';
import { recordWordsIn } from './use-record-text';

afterEach(() => {
  void i18n.changeLanguage('en');
});

describe('record texts in the reader’s language', () => {
  it('reads as stored in English', () => {
    const text = recordText('payoutFailedReturned', { reason: recordText('payoutAccountClosed') });
    expect(recordWordsIn(i18n, text)).toBe(text);
  });

  it('says a stored sentence again in Chinese, its values too, and its plural by count', () => {
    void i18n.changeLanguage('zh-CN');
    expect(recordWordsIn(i18n, recordText('payoutFailedReturned', { reason: recordText('payoutAccountClosed') }))).toBe(
      '收款人账户已关闭。金额和手续费已退回可用余额。',
    );
    expect(
      recordWordsIn(i18n, recordText('refundRefBecause', { id: 'R1', reason: recordText('refundDeclinedSandbox') })),
    ).toBe('退款 R1：被沙箱拒绝');
    expect(recordWordsIn(i18n, recordText('batchSomeFailed', { count: 1 }))).toBe(
      '1 笔付款失败；其金额和手续费已退回可用余额',
    );
    expect(recordWordsIn(i18n, recordText('batchSomeFailed', { count: 3 }))).toBe(
      '3 笔付款失败；其金额和手续费已退回可用余额',
    );
  });

  it('leaves text no record text matches as it is (an approver’s typed reason inside a known sentence too)', () => {
    void i18n.changeLanguage('zh-CN');
    expect(recordWordsIn(i18n, 'Account frozen by compliance')).toBe('Account frozen by compliance');
    expect(recordWordsIn(i18n, recordText('rejectedBecauseReturned', { reason: 'Wrong account' }))).toBe(
      '已拒绝：Wrong account。金额已退回可用余额',
    );
  });

  it('writes a timeline note with its system actor in the reader’s language', () => {
    void i18n.changeLanguage('zh-CN');
    const note = eventNoteIn(i18n)({ note: recordText('sentToBank'), actor: recordText('actorSandboxBank') });
    expect(note).toBe('已发送至银行 · 操作人：银行（沙箱）');
    expect(eventNoteIn(i18n)({ note: null, actor: 'owner@demo.test' })).toBe('操作人：owner@demo.test');
  });
});
