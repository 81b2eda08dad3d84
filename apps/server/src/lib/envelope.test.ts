import { describe, expect, it } from 'vitest';
import { ok, successIn } from './envelope';

/** A success's msg: the English of its text, worded again in the caller's language as the answer leaves. */
describe('success messages', () => {
  it('says the English of the text, and the same text in Chinese', () => {
    const queued = (count: number) => ok({ queued: count }, { key: 'webhooks.eventsQueued', values: { count } });
    expect(queued(1).msg).toBe('1 event queued');
    expect(queued(3).msg).toBe('3 events queued');
    expect(successIn(queued(3), 'zh-CN')).toEqual({
      code: '000000',
      msg: '已将 3 个事件加入投递队列',
      msg_params: null,
      data: { queued: 3 },
    });
    expect(ok(null).msg).toBe('Success');
    expect(successIn(ok(null), 'zh-CN').msg).toBe('操作成功');
  });

  it('leaves an English caller’s answer and anything ok() did not make as they are', () => {
    const created = ok({ id: 1 }, { key: 'team.roleCreated', values: { name: 'Support' } });
    expect(successIn(created, 'en')).toBe(created);
    expect(created.msg).toBe('Role Support created');
    const copy = { ...created };
    expect(successIn(copy, 'zh-CN')).toBe(copy);
    for (const other of ['text', Buffer.from('x'), null, undefined]) expect(successIn(other, 'zh-CN')).toBe(other);
  });
});
