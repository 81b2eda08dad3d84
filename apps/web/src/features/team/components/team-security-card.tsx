import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Skeleton, Switch, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import { displayNumber } from '@/lib/formats';
import { merchantSecurityQueryOptions, updateMerchantSecurity } from '../api/security-api';
import { useRefreshTeam } from '../api/refresh-team';

/** "3 of 5 active members use it". */
export function twoFactorUsageText(t: TFunction, withTwoFactor: number, active: number): string {
  return t(withTwoFactor === 1 ? 'security.usageSingle' : 'security.usage', {
    ns: 'team',
    count: active,
    used: displayNumber(withTwoFactor),
    total: displayNumber(active),
  });
}

/**
 * Settings → Team's security summary: whether the merchant requires two-factor sign-in and how many
 * active members have it. An owner (`canUpdate`) switches the rule; turning it on is confirmed first,
 * as members without it can then do nothing else until they have set it up.
 */
export function TeamSecurityCard() {
  const { t } = useTranslation('team', { keyPrefix: 'security' });
  const { t: tTeam } = useTranslation('team');
  const query = useQuery(merchantSecurityQueryOptions());
  const refresh = useRefreshTeam();
  const [confirming, setConfirming] = useState(false);
  const update = useMutation({
    mutationFn: (requireTwoFactor: boolean) => updateMerchantSecurity(requireTwoFactor),
    onSuccess: () => {
      setConfirming(false);
      void refresh();
    },
  });
  const data = query.data;
  const onToggle = (on: boolean) => {
    if (on) setConfirming(true);
    else update.mutate(false);
  };

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label={t('loading')}>
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (!data) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className="mbo-team-security__body">
        <div className="mbo-team-security__text">
          <Typography.Text>
            {t('label')}{' '}
            <Typography.Text strong>{data.requireTwoFactor ? t('required') : t('optional')}</Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
            {twoFactorUsageText(tTeam, data.membersWithTwoFactor, data.activeMembers)}
          </Typography.Text>
        </div>
        {data.canUpdate ? (
          <label className="mbo-team-security__switch">
            <Switch
              checked={data.requireTwoFactor}
              loading={update.isPending && !confirming}
              disabled={update.isPending}
              onChange={onToggle}
            />
            <span>{t('switch')}</span>
          </label>
        ) : null}
      </div>
    );
  }

  return (
    <section className="mbo-team-security" aria-labelledby="team-security-title">
      <h2 id="team-security-title" className="mbo-team-security__title">
        <SafetyCertificateOutlined aria-hidden="true" /> {t('title')}
      </h2>
      {body}
      <Modal
        open={confirming}
        title={t('confirmTitle')}
        okText={t('confirmOk')}
        onOk={() => update.mutate(true)}
        confirmLoading={update.isPending}
        onCancel={update.isPending ? undefined : () => setConfirming(false)}
        mask={{ closable: !update.isPending }}
        destroyOnHidden
        centered
      >
        <Typography.Paragraph>{t('confirmBody')}</Typography.Paragraph>
        {data ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('today', { usage: twoFactorUsageText(tTeam, data.membersWithTwoFactor, data.activeMembers) })}
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </section>
  );
}
