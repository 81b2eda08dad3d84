import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Checkbox, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { MemberRecord, UpdateMemberAccessRequest } from '@mbo/contracts/team';
import type { MerchantSummary } from '@mbo/contracts/usercenter';
import { updateMemberAccess } from '../api/members-api';
import { useRefreshTeam } from '../api/refresh-team';
import { memberLabel } from '../utils/member-status';
import { useLastShown } from '@/lib/use-last-shown';

type Scope = 'all' | 'some';

/**
 * Which sub-merchants a member may switch to (an owner of the parent decides): all of them, also the
 * ones added later, or only the chosen ones. A session of theirs pointed at one taken away goes back
 * to the parent at its next call.
 */
export function SubMerchantAccessModal({
  member: open,
  subMerchants,
  onClose,
}: {
  member: MemberRecord | null;
  subMerchants: readonly MerchantSummary[];
  onClose: () => void;
}) {
  const { t } = useTranslation('team', { keyPrefix: 'access' });
  const member = useLastShown(open);
  const refresh = useRefreshTeam();
  const [scope, setScope] = useState<Scope | null>(null);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const known = new Set(subMerchants.map((s) => s.merchantId));
  const current: Scope = member?.allSubMerchants === false ? 'some' : 'all';
  const shownScope = scope ?? current;
  const shownChosen = chosen ?? (member?.subMerchantIds ?? []).filter((id) => known.has(id));
  const save = useMutation({
    mutationFn: (body: UpdateMemberAccessRequest) => updateMemberAccess(body),
    onSuccess: () => {
      void refresh();
      close();
    },
  });
  function close() {
    setScope(null);
    setChosen(null);
    save.reset();
    onClose();
  }
  const submit = () => {
    if (!member) return;
    save.mutate({
      userId: member.userId,
      allSubMerchants: shownScope === 'all',
      merchantIds: shownScope === 'all' ? [] : shownChosen,
    });
  };
  return (
    <Modal
      open={open !== null}
      title={t('title')}
      okText={t('ok')}
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={save.isPending ? undefined : close}
      mask={{ closable: !save.isPending }}
      destroyOnHidden
      centered
    >
      {member ? (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text>{t('question', { who: memberLabel(member) })}</Typography.Text>
          <Radio.Group aria-label={t('title')} value={shownScope} onChange={(e) => setScope(e.target.value as Scope)}>
            <Space orientation="vertical" size={8}>
              <Radio value="all">
                {t('all')}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t('allHint')}
                </Typography.Text>
              </Radio>
              <Radio value="some">{t('some')}</Radio>
            </Space>
          </Radio.Group>
          <Checkbox.Group
            aria-label={t('list')}
            disabled={shownScope === 'all'}
            value={shownScope === 'all' ? subMerchants.map((s) => s.merchantId) : shownChosen}
            onChange={(ids) => setChosen(ids.map(String))}
            style={{
              display: 'flex',
              flexDirection: 'column',
              gap: 8,
              paddingInlineStart: 24,
              maxHeight: 280,
              overflowY: 'auto',
            }}
          >
            {subMerchants.map((s) => (
              <Checkbox key={s.merchantId} value={s.merchantId}>
                {s.merchantName}{' '}
                <Typography.Text type="secondary" className="mbo-list-mono">
                  {s.merchantId}
                </Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
          {shownScope === 'some' && shownChosen.length === 0 ? (
            <Typography.Text type="secondary">{t('none', { who: memberLabel(member) })}</Typography.Text>
          ) : null}
        </Space>
      ) : null}
    </Modal>
  );
}
