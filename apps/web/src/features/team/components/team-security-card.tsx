import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Skeleton, Switch, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { merchantSecurityQueryOptions, updateMerchantSecurity } from '../api/security-api';
import { useRefreshTeam } from '../api/refresh-team';

/** "3 of 5 active members use it". */
export function twoFactorUsageText(withTwoFactor: number, active: number): string {
  return `${withTwoFactor.toLocaleString('en-US')} of ${active.toLocaleString('en-US')} active member${active === 1 ? '' : 's'} ${withTwoFactor === 1 ? 'uses' : 'use'} it`;
}

/**
 * Settings → Team's security summary: whether the merchant requires two-factor sign-in and how many
 * active members have it. An owner (`canUpdate`) switches the rule; turning it on is confirmed first,
 * as members without it can then do nothing else until they have set it up.
 */
export function TeamSecurityCard() {
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
      <div role="status" aria-label="Loading the two-factor rule">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (!data) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The two-factor rule could not be loaded."
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className="mbo-team-security__body">
        <div className="mbo-team-security__text">
          <Typography.Text>
            Two-factor sign-in:{' '}
            <Typography.Text strong>{data.requireTwoFactor ? 'required for every member' : 'optional'}</Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
            {twoFactorUsageText(data.membersWithTwoFactor, data.activeMembers)}
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
            <span>Require two-factor sign-in</span>
          </label>
        ) : null}
      </div>
    );
  }

  return (
    <section className="mbo-team-security" aria-labelledby="team-security-title">
      <h2 id="team-security-title" className="mbo-team-security__title">
        <SafetyCertificateOutlined aria-hidden="true" /> Security
      </h2>
      {body}
      <Modal
        open={confirming}
        title="Require two-factor sign-in?"
        okText="Require it"
        onOk={() => update.mutate(true)}
        confirmLoading={update.isPending}
        onCancel={update.isPending ? undefined : () => setConfirming(false)}
        mask={{ closable: !update.isPending }}
        destroyOnHidden
        centered
      >
        <Typography.Paragraph>
          Every member then signs in with a code from an authenticator app. Members without it must set it up at their
          next call before anything else.
        </Typography.Paragraph>
        {data ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Today {twoFactorUsageText(data.membersWithTwoFactor, data.activeMembers)}.
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </section>
  );
}
