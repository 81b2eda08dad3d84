import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import type { MemberListColumnKey } from '@mbo/contracts/lists/members-list';
import type { MemberRecord } from '@mbo/contracts/team';
import type { MerchantSummary } from '@mbo/contracts/usercenter';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag from '@/components/list/status-tag';
import MenuButton from '@/components/menu-button';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { ZoneSubLabel } from '@/components/list/zone-title';
import type { LabelKind } from '@/i18n/use-label';
import { useLabel } from '@/i18n/use-label';
import type { MemberAction } from '../utils/member-actions';
import { accessText, inviteExpiryText, memberLabel, MEMBER_STATUS_TONE, roleNameOf } from '../utils/member-status';

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const ELLIPSIS: React.CSSProperties = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

export interface MembersTableOptions {
  /** The team namespace's t and the labels of the language in force. */
  t: TFunction;
  label: (kind: LabelKind, code: string) => string;
  timeZone: string | undefined;
  /** The active merchant's sub-merchants: each row then says which of them the member may open. */
  subMerchants: readonly MerchantSummary[];
  /** The actions a row offers (none: no actions column). */
  actionsOf: ((m: MemberRecord) => MemberAction[]) | null;
  onAction: (action: MemberAction, m: MemberRecord) => void;
}

/** Name (or "Invitation pending") above the email, with "You" on one's own row. */
function MemberCell({ record: r }: { record: MemberRecord }) {
  const { t } = useTranslation('team', { keyPrefix: 'members' });
  return (
    <span style={{ display: 'block', minWidth: 0 }}>
      <span style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
        {r.name.trim() ? (
          <span style={{ ...ELLIPSIS, fontWeight: 500 }} title={r.name}>
            {r.name}
          </span>
        ) : (
          <Typography.Text type="secondary" italic>
            {t('invitationPending')}
          </Typography.Text>
        )}
        {r.isSelf ? (
          <Tag color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
            {t('you')}
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
  const { t } = useTranslation('team');
  const label = useLabel();
  const expiry = inviteExpiryText(t, r, timeZone);
  return (
    <span>
      <StatusTag tone={MEMBER_STATUS_TONE[r.status]}>{label('MEMBER_STATUSES', r.status)}</StatusTag>
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
  const { t } = useTranslation('team');
  if (actions.length === 0) return null;
  return (
    <MenuButton
      menu={{
        items: actions.map((a) => ({ key: a, label: t(`actions.${a}`), danger: a === 'disable' || a === 'revoke' })),
        onClick: ({ key }) => onAction(key as MemberAction, record),
      }}
    >
      <Button
        type="text"
        size={withText ? 'small' : undefined}
        icon={<MoreOutlined />}
        aria-label={t('members.actionsFor', { who: memberLabel(record) })}
      >
        {withText ? t('members.more') : null}
      </Button>
    </MenuButton>
  );
}

type MembersTableParts = Pick<ListTableProps<MemberRecord>, 'cells' | 'titles' | 'trailing' | 'narrowColumns'>;

/** How the members list shows each column of MEMBERS_LIST, its row actions and its phone layout. */
export function membersTable({
  t,
  label,
  timeZone: tz,
  subMerchants,
  actionsOf,
  onAction,
}: MembersTableOptions): MembersTableParts {
  const w = (key: string, values?: Record<string, unknown>) => t(`members.${key}`, { ns: 'team', ...values });
  const access = (r: MemberRecord) => (subMerchants.length > 0 ? accessText(t, r, subMerchants) : null);
  const roleName = (r: MemberRecord) => roleNameOf(label, r.roleCode, r.roleName);
  const lastLogin = (r: MemberRecord) =>
    r.lastLoginAt ? (
      <span>
        <span className="mbo-list-nowrap">{formatDateTime(r.lastLoginAt, tz)}</span>
        {r.lastLoginIp ? <span className="mbo-list-sub mbo-list-mono">{r.lastLoginIp}</span> : null}
      </span>
    ) : (
      <Typography.Text type="secondary">{w('never')}</Typography.Text>
    );
  const cells: Record<MemberListColumnKey, (r: MemberRecord) => React.ReactNode> = {
    member: (r) => <MemberCell record={r} />,
    role: (r) => (
      <span>
        <span className="mbo-list-nowrap">{roleName(r)}</span>
        {access(r) ? (
          <span className="mbo-list-sub" title={access(r) ?? undefined}>
            {access(r)}
          </span>
        ) : null}
      </span>
    ),
    status: (r) => <MemberStatusCell record={r} timeZone={tz} />,
    twoFactor: (r) =>
      r.twoFactorEnabled ? <span>{w('on')}</span> : <Typography.Text type="secondary">{w('off')}</Typography.Text>,
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
        title: <span className="mbo-list-sr-only">{w('actionsColumn')}</span>,
        fixed: 'right',
        width: 64,
        render: (_, r) => <MemberActionsMenu record={r} actions={actionsOf(r)} onAction={onAction} />,
      }
    : undefined;
  // Phones: one card per member (who, status, role, last login) with the row's actions.
  const narrowColumns: TableColumnsType<MemberRecord> = [
    {
      key: 'member',
      title: w('narrowTitle', { zone: timeZoneLabel(tz) }),
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'flex-start' }}>
            <div style={{ minWidth: 0, flex: 1 }}>
              <MemberCell record={r} />
            </div>
            <MemberStatusCell record={r} timeZone={tz} />
          </div>
          <span className="mbo-list-sub">
            {[roleName(r), access(r), w(r.twoFactorEnabled ? 'twoFactorOn' : 'twoFactorOff')]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <span className="mbo-list-sub">
            {r.lastLoginAt
              ? r.lastLoginIp
                ? w('lastLoginFrom', { at: formatDateTime(r.lastLoginAt, tz), ip: r.lastLoginIp })
                : w('lastLogin', { at: formatDateTime(r.lastLoginAt, tz) })
              : w('neverSignedIn')}
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
    titles: {
      lastLoginAt: (
        <span>
          {w('lastLoginTitle')}
          {zone}
        </span>
      ),
      createdAt: (
        <span>
          {w('addedTitle')}
          {zone}
        </span>
      ),
    },
    trailing,
    narrowColumns,
  };
}
