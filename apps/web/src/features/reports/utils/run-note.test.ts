import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { runNoteSentences } from './run-note';

const en = i18n.getFixedT('en', 'reports');
const zh = i18n.getFixedT('zh-CN', 'reports');

describe("a scheduled run's note", () => {
  it('says to how many it was sent, and names those left out, in English', () => {
    expect(runNoteSentences({ code: 'SENT', values: { sentCount: 1, skipped: [] } }, en)).toEqual([
      'Sent to 1 recipient.',
    ]);
    expect(runNoteSentences({ code: 'SENT', values: { sentCount: 2, skipped: ['ops@demo.test', null] } }, en)).toEqual([
      'Sent to 2 recipients.',
      'Not sent to ops@demo.test, a former member: they no longer have access to this report.',
    ]);
    expect(runNoteSentences({ code: 'SENT', values: { sentCount: 0, skipped: ['ops@demo.test'] } }, en)).toEqual([
      'Sent to nobody.',
      'Not sent to ops@demo.test: no longer has access to this report.',
    ]);
  });

  it('words every code in Simplified Chinese', () => {
    expect(
      runNoteSentences({ code: 'SENT', values: { sentCount: 2, skipped: ['a@demo.test', 'b@demo.test'] } }, zh),
    ).toEqual(['已发送给 2 位收件人。', '未发送给 a@demo.test、b@demo.test：对方已无权访问此报表。']);
    expect(runNoteSentences({ code: 'EXPORT_FAILED', values: {} }, zh)).toEqual(['报表文件生成失败，未发送给任何人。']);
    expect(runNoteSentences({ code: 'CREATOR_NO_ACCESS', values: {} }, zh)).toEqual([
      '已跳过：此定时报表的创建者已无权访问该报表。',
    ]);
    expect(runNoteSentences({ code: 'EXPORT_REFUSED', values: { field: 'filters.status' } }, zh)).toEqual([
      '导出未能开始：保存的设置（filters.status）已不再适用。请编辑此定时报表并重新保存。',
    ]);
  });

  it('says why an export did not start, naming the refused setting when known', () => {
    expect(runNoteSentences({ code: 'EXPORT_REFUSED', values: { field: null } }, en)).toEqual([
      'The export could not be started: its saved settings are no longer accepted. Edit the schedule and save it again.',
    ]);
    expect(runNoteSentences({ code: 'CREATOR_NO_ACCESS', values: {} }, en)).toEqual([
      'Skipped: the creator of this schedule no longer has access to this report.',
    ]);
  });
});
