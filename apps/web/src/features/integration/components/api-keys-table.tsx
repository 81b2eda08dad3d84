import { Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ApiKeyRecord } from '@mbo/contracts/integration';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { ZoneSubLabel } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import {
  API_KEY_MODE_LABEL,
  API_KEY_STATE_LABEL,
  API_KEY_STATE_TONE,
  apiKeyState,
  keyPrefixText,
} from '../utils/integration-labels';
import { columnsWidth } from '@/lib/columns-width';

export interface ApiKeysTableProps {
  records: ApiKeyRecord[];
  loading: boolean;
  /** Revoke a key; null: the user may not (no column, no button). */
  onRevoke: ((key: ApiKeyRecord) => void) | null;
}

const never = <Typography.Text type="secondary">Never</Typography.Text>;

function KeyStatus({ record: k, tz }: { record: ApiKeyRecord; tz: string | undefined }) {
  const state = apiKeyState(k);
  return (
    <span>
      <StatusTag tone={API_KEY_STATE_TONE[state]}>{API_KEY_STATE_LABEL[state]}</StatusTag>
      {k.revokedAt ? <span className="mbo-list-sub">{formatDateTime(k.revokedAt, tz)}</span> : null}
    </span>
  );
}

function LastUsed({ record: k, tz }: { record: ApiKeyRecord; tz: string | undefined }) {
  if (!k.lastUsedAt) return never;
  return (
    <span>
      <span className="mbo-list-nowrap">{formatDateTime(k.lastUsedAt, tz)}</span>
      {k.lastUsedIp ? <span className="mbo-list-sub mbo-list-mono">{k.lastUsedIp}</span> : null}
    </span>
  );
}

function RevokeButton({
  record,
  onRevoke,
  small,
}: {
  record: ApiKeyRecord;
  onRevoke: (k: ApiKeyRecord) => void;
  small?: boolean;
}) {
  if (record.revokedAt) return null;
  return (
    <Button
      danger
      size={small ? 'small' : undefined}
      aria-label={`Revoke ${record.name}`}
      onClick={() => onRevoke(record)}
    >
      Revoke
    </Button>
  );
}

/** The merchant's API keys: a table, or one card per key on a phone. */
export function ApiKeysTable({ records, loading, onRevoke }: ApiKeysTableProps) {
  const { user, isMobile } = useGlobalState();
  const tz = user?.timeZone;
  const zone = <ZoneSubLabel timeZone={tz} />;
  const wide: TableColumnsType<ApiKeyRecord> = [
    {
      key: 'name',
      title: 'Name',
      width: 180,
      render: (_, k) => (
        <span className="mbo-integration-ellipsis" title={k.name}>
          {k.name}
        </span>
      ),
    },
    {
      key: 'prefix',
      title: 'Key',
      width: 150,
      render: (_, k) => <span className="mbo-list-mono mbo-list-nowrap">{keyPrefixText(k)}</span>,
    },
    {
      key: 'mode',
      title: 'Mode',
      width: 90,
      render: (_, k) => <Tag style={{ marginInlineEnd: 0 }}>{API_KEY_MODE_LABEL[k.mode] ?? k.mode}</Tag>,
    },
    {
      key: 'created',
      title: <span>Created{zone}</span>,
      width: 200,
      render: (_, k) => (
        <span>
          <span className="mbo-list-nowrap">{formatDateTime(k.createdAt, tz)}</span>
          <span className="mbo-list-sub" title={k.createdByEmail ?? undefined}>
            {k.createdByEmail ? `by ${k.createdByEmail}` : 'by a former member'}
          </span>
        </span>
      ),
    },
    {
      key: 'lastUsed',
      title: <span>Last used{zone}</span>,
      width: 190,
      render: (_, k) => <LastUsed record={k} tz={tz} />,
    },
    { key: 'status', title: 'Status', width: 150, render: (_, k) => <KeyStatus record={k} tz={tz} /> },
    ...(onRevoke
      ? [
          {
            key: 'actions',
            title: <span className="mbo-list-sr-only">Actions</span>,
            width: 100,
            render: (_: unknown, k: ApiKeyRecord) => <RevokeButton record={k} onRevoke={onRevoke} />,
          },
        ]
      : []),
  ];
  // Phones: one card per key.
  const narrow: TableColumnsType<ApiKeyRecord> = [
    {
      key: 'key',
      title: `API keys · ${timeZoneLabel(tz)}`,
      render: (_, k) => (
        <div className="mbo-integration-card">
          <div className="mbo-integration-card__top">
            <strong className="mbo-integration-ellipsis" title={k.name}>
              {k.name}
            </strong>
            <KeyStatus record={k} tz={tz} />
          </div>
          <span className="mbo-list-sub">
            <span className="mbo-list-mono">{keyPrefixText(k)}</span> · {API_KEY_MODE_LABEL[k.mode] ?? k.mode}
          </span>
          <span className="mbo-list-sub">
            Created {formatDateTime(k.createdAt, tz)}
            {k.createdByEmail ? ` by ${k.createdByEmail}` : ''}
          </span>
          <span className="mbo-list-sub">
            {k.lastUsedAt
              ? `Last used ${formatDateTime(k.lastUsedAt, tz)}${k.lastUsedIp ? ` from ${k.lastUsedIp}` : ''}`
              : 'Never used'}
          </span>
          {onRevoke && !k.revokedAt ? (
            <div>
              <RevokeButton record={k} onRevoke={onRevoke} small />
            </div>
          ) : null}
        </div>
      ),
    },
  ];
  // The wide set fits the card at a 1440 px window (1,070 px inside): 1,060 px with the revoke column.
  const columns = isMobile ? narrow : wide;
  return (
    <Table<ApiKeyRecord>
      className="mbo-list-table"
      rowKey="keyId"
      size="middle"
      columns={columns}
      dataSource={records}
      loading={loading}
      tableLayout="fixed"
      scroll={isMobile ? undefined : { x: columnsWidth(columns, 160) }}
      pagination={false}
      rowClassName={(k) => (k.revokedAt ? 'mbo-integration-row--revoked' : '')}
    />
  );
}
