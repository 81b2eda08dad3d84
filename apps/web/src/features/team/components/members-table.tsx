import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { MemberListColumnKey } from '@mbo/contracts/lists/members-list';
import type { MemberRecord } from '@mbo/contracts/team';
import type { MerchantSummary } from '@mbo/contracts/usercenter';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag from '@/components/list/status-tag';
import MenuButton from '@/components/menu-button';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { ZoneSubLabel } from '@/components/list/zone-title';
import { ACTION_LABEL, type MemberAction } from '../utils/member-actions';
import {
  accessText,
  inviteExpiryText,
  memberLabel,
  MEMBER_STATUS_LABEL,
  MEMBER_STATUS_TONE,
} from '../utils/member-status';

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const ELLIPSIS: React.CSSProperties = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

export interface MembersTableOptions {
  timeZone: string | undefined;
  /** The active merchant's sub-merchants: each row then says which of them the member may open. */
  subMerchants: readonly MerchantSummary[];
  /** The actions a row offers (none: no actions column). */
  actionsOf: ((m: MemberRecord) => MemberAction[]) | null;
  onAction: (action: MemberAction, m: MemberRecord) => void;
}

/** Name (or "Invitation pending") above the email, with "You" on one's own row. */
function MemberCell({ record: r }: { record: MemberRecord }) {
  return (
    <span style={{ display: 'block', minWidth: 0 }}>
      <span style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
        {r.name.trim() ? (
          <span style={{ ...ELLIPSIS, fontWeight: 500 }} title={r.name}>
            {r.name}
          </span>
        ) : (
          <Typography.Text type="secondary" italic>
            Invitation pending
          </Typography.Text>
        )}
        {r.isSelf ? (
          <Tag color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
            You
          </Tag>
        ) : null}
      </span>
      <span className="mbo-list-sub" title={r.email}>
        {r.email}
      </span>
    </span>
  );
}

/** The status tag; an invitation says when its link expires (or that it has). */
function MemberStatusCell({ record: r, timeZone }: { record: MemberRecord; timeZone: string | undefined }) {
  const expiry = inviteExpiryText(r, timeZone);
  return (
    <span>
      <StatusTag tone={MEMBER_STATUS_TONE[r.status]}>{MEMBER_STATUS_LABEL[r.status] ?? r.status}</StatusTag>
      {expiry ? (
        <span
          className="mbo-list-sub"
          title={r.inviteExpiresAt ? formatDateTime(r.inviteExpiresAt, timeZone) : undefined}
        >
          {expiry}
        </span>
      ) : null}
    </span>
  );
}

/** The row's "More" menu of actions; nothing when the row offers none. */
export function MemberActionsMenu({
  record,
  actions,
  onAction,
  withText = false,
}: {
  record: MemberRecord;
  actions: MemberAction[];
  onAction: (action: MemberAction, m: MemberRecord) => void;
  withText?: boolean;
}) {
  if (actions.length === 0) return null;
  return (
    <MenuButton
      menu={{
        items: actions.map((a) => ({ key: a, label: ACTION_LABEL[a], danger: a === 'disable' || a === 'revoke' })),
        onClick: ({ key }) => onAction(key as MemberAction, record),
      }}
    >
      <Button
        type="text"
        size={withText ? 'small' : undefined}
        icon={<MoreOutlined />}
        aria-label={`Actions for ${memberLabel(record)}`}
      >
        {withText ? 'More' : null}
      </Button>
    </MenuButton>
  );
}

type MembersTableParts = Pick<ListTableProps<MemberRecord>, 'cells' | 'titles' | 'trailing' | 'narrowColumns'>;

/** How the members list shows each column of MEMBERS_LIST, its row actions and its phone layout. */
export function membersTable({
  timeZone: tz,
  subMerchants,
  actionsOf,
  onAction,
}: MembersTableOptions): MembersTableParts {
  const access = (r: MemberRecord) => (subMerchants.length > 0 ? accessText(r, subMerchants) : null);
  const lastLogin = (r: MemberRecord) =>
    r.lastLoginAt ? (
      <span>
        <span className="mbo-list-nowrap">{formatDateTime(r.lastLoginAt, tz)}</span>
        {r.lastLoginIp ? <span className="mbo-list-sub mbo-list-mono">{r.lastLoginIp}</span> : null}
      </span>
    ) : (
      <Typography.Text type="secondary">Never</Typography.Text>
    );
  const cells: Record<MemberListColumnKey, (r: MemberRecord) => React.ReactNode> = {
    member: (r) => <MemberCell record={r} />,
    role: (r) => (
      <span>
        <span className="mbo-list-nowrap">{r.roleName}</span>
        {access(r) ? (
          <span className="mbo-list-sub" title={access(r) ?? undefined}>
            {access(r)}
          </span>
        ) : null}
      </span>
    ),
    status: (r) => <MemberStatusCell record={r} timeZone={tz} />,
    twoFactor: (r) => (r.twoFactorEnabled ? <span>On</span> : <Typography.Text type="secondary">Off</Typography.Text>),
    lastLoginAt: lastLogin,
    invitedBy: (r) =>
      r.invitedBy ? (
        <span style={ELLIPSIS} title={r.invitedBy}>
          {r.invitedBy}
        </span>
      ) : (
        dash
      ),
    createdAt: (r) => <span className="mbo-list-nowrap">{formatDateTime(r.createdAt, tz)}</span>,
  };
  const zone = <ZoneSubLabel timeZone={tz} />;
  const trailing: TableColumnsType<MemberRecord>[number] | undefined = actionsOf
    ? {
        key: 'actions',
        title: <span className="mbo-list-sr-only">Actions</span>,
        fixed: 'right',
        width: 64,
        render: (_, r) => <MemberActionsMenu record={r} actions={actionsOf(r)} onAction={onAction} />,
      }
    : undefined;
  // Phones: one card per member (who, status, role, last login) with the row's actions.
  const narrowColumns: TableColumnsType<MemberRecord> = [
    {
      key: 'member',
      title: `Members · ${timeZoneLabel(tz)}`,
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'flex-start' }}>
            <div style={{ minWidth: 0, flex: 1 }}>
              <MemberCell record={r} />
            </div>
            <MemberStatusCell record={r} timeZone={tz} />
          </div>
          <span className="mbo-list-sub">
            {r.roleName}
            {access(r) ? ` · ${access(r)}` : ''} · 2FA {r.twoFactorEnabled ? 'on' : 'off'}
          </span>
          <span className="mbo-list-sub">
            {r.lastLoginAt
              ? `Last login ${formatDateTime(r.lastLoginAt, tz)}${r.lastLoginIp ? ` from ${r.lastLoginIp}` : ''}`
              : 'Never signed in'}
          </span>
          {actionsOf ? (
            <div>
              <MemberActionsMenu record={r} actions={actionsOf(r)} onAction={onAction} withText />
            </div>
          ) : null}
        </div>
      ),
    },
  ];
  return {
    cells,
    titles: { lastLoginAt: <span>Last login{zone}</span>, createdAt: <span>Added{zone}</span> },
    trailing,
    narrowColumns,
  };
}
