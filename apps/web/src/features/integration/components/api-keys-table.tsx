import { Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { ApiKeyRecord } from '@mbo/contracts/integration';
import StatusTag from '@/components/list/status-tag';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { TimeColumnTitle } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { useLabel } from '@/i18n/use-label';
import { API_KEY_STATE_TONE, apiKeyState, keyPrefixText } from '../utils/integration-labels';
import { columnsWidth } from '@/lib/columns-width';

export interface ApiKeysTableProps {
  records: ApiKeyRecord[];
  loading: boolean;
  /** Revoke a key; null: the user may not (no column, no button). */
  onRevoke: ((key: ApiKeyRecord) => void) | null;
}

function KeyStatus({ record: k, tz }: { record: ApiKeyRecord; tz: string | undefined }) {
  const { t } = useTranslation('integration', { keyPrefix: 'states.apiKey' });
  const state = apiKeyState(k);
  return (
    <span>
      <StatusTag tone={API_KEY_STATE_TONE[state]}>{t(state)}</StatusTag>
      {k.revokedAt ? <span className="mbo-list-sub">{formatDateTime(k.revokedAt, tz)}</span> : null}
    </span>
  );
}

function LastUsed({ record: k, tz }: { record: ApiKeyRecord; tz: string | undefined }) {
  const { t } = useTranslation('integration', { keyPrefix: 'keyTable' });
  if (!k.lastUsedAt) return <Typography.Text type="secondary">{t('never')}</Typography.Text>;
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
  const { t } = useTranslation('integration', { keyPrefix: 'keyTable' });
  if (record.revokedAt) return null;
  return (
    <Button
      danger
      size={small ? 'small' : undefined}
      aria-label={t('revokeLabel', { name: record.name })}
      onClick={() => onRevoke(record)}
    >
      {t('revoke')}
    </Button>
  );
}

/** The merchant's API keys: a table, or one card per key on a phone. */
export function ApiKeysTable({ records, loading, onRevoke }: ApiKeysTableProps) {
  const { user, isMobile } = useGlobalState();
  const { t } = useTranslation('integration', { keyPrefix: 'keyTable' });
  const label = useLabel();
  const mode = (k: ApiKeyRecord) => label('API_KEY_MODES', k.mode);
  const tz = user?.timeZone;
  const wide: TableColumnsType<ApiKeyRecord> = [
    {
      key: 'name',
      title: t('name'),
      width: 180,
      render: (_, k) => (
        <span className="mbo-integration-ellipsis" title={k.name}>
          {k.name}
        </span>
      ),
    },
    {
      key: 'prefix',
      title: t('key'),
      width: 150,
      render: (_, k) => <span className="mbo-list-mono mbo-list-nowrap">{keyPrefixText(k)}</span>,
    },
    {
      key: 'mode',
      title: t('mode'),
      width: 90,
      render: (_, k) => <Tag style={{ marginInlineEnd: 0 }}>{mode(k)}</Tag>,
    },
    {
      key: 'created',
      title: <TimeColumnTitle title={t('created')} timeZone={tz} />,
      width: 200,
      render: (_, k) => (
        <span>
          <span className="mbo-list-nowrap">{formatDateTime(k.createdAt, tz)}</span>
          <span className="mbo-list-sub" title={k.createdByEmail ?? undefined}>
            {k.createdByEmail ? t('by', { email: k.createdByEmail }) : t('byFormer')}
          </span>
        </span>
      ),
    },
    {
      key: 'lastUsed',
      title: <TimeColumnTitle title={t('lastUsed')} timeZone={tz} />,
      width: 190,
      render: (_, k) => <LastUsed record={k} tz={tz} />,
    },
    { key: 'status', title: t('status'), width: 150, render: (_, k) => <KeyStatus record={k} tz={tz} /> },
    ...(onRevoke
      ? [
          {
            key: 'actions',
            title: <span className="mbo-list-sr-only">{t('actions')}</span>,
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
      title: t('narrowTitle', { zone: timeZoneLabel(tz) }),
      render: (_, k) => (
        <div className="mbo-integration-card">
          <div className="mbo-integration-card__top">
            <strong className="mbo-integration-ellipsis" title={k.name}>
              {k.name}
            </strong>
            <KeyStatus record={k} tz={tz} />
          </div>
          <span className="mbo-list-sub">
            <span className="mbo-list-mono">{keyPrefixText(k)}</span> · {mode(k)}
          </span>
          <span className="mbo-list-sub">
            {k.createdByEmail
              ? t('createdAtBy', { time: formatDateTime(k.createdAt, tz), email: k.createdByEmail })
              : t('createdAt', { time: formatDateTime(k.createdAt, tz) })}
          </span>
          <span className="mbo-list-sub">
            {k.lastUsedAt
              ? k.lastUsedIp
                ? t('lastUsedAtFrom', { time: formatDateTime(k.lastUsedAt, tz), ip: k.lastUsedIp })
                : t('lastUsedAt', { time: formatDateTime(k.lastUsedAt, tz) })
              : t('neverUsed')}
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
