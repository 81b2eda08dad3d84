import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Grid, Modal, Segmented, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import type { LoginHistoryRecord } from '@mbo/contracts/usercenter';
import { useLabel } from '@/i18n/use-label';
import { displayNumber } from '@/lib/formats';
import { useGlobalState } from '@/lib/global-state';
import { loginHistoryQueryOptions } from '../api/list-login-history';
import { describeDevice } from '../utils/describe-device';
import { describeFailReason } from '../utils/describe-fail-reason';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';

type ResultFilter = 'ALL' | 'SUCCESS' | 'FAILURE';

const RESULT_FILTERS: readonly ResultFilter[] = ['ALL', 'SUCCESS', 'FAILURE'];

export interface LoginHistoryModalProps {
  open: boolean;
  onClose: () => void;
}

/** The user's own logins: time (in their zone), IP, device, result, failure reason; paged by the server. */
export default function LoginHistoryModal({ open, onClose }: LoginHistoryModalProps) {
  const { user } = useGlobalState();
  const { t: tr } = useTranslation('user-center');
  const { t } = useTranslation('user-center', { keyPrefix: 'loginHistory' });
  const label = useLabel();
  const device = (ua: string | null) => describeDevice(ua, tr);
  const failReason = (reason: string | null) => describeFailReason(reason, tr, label);
  const timeZone = user?.timeZone;
  const [result, setResult] = useState<ResultFilter>('ALL');
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  // Phones get two columns (the time with IP, device and reason under it, and the result) instead of
  // a table to scroll sideways.
  const narrow = Grid.useBreakpoint().md === false;

  const query = useQuery({
    ...loginHistoryQueryOptions({ pageNum, pageSize, result: result === 'ALL' ? undefined : result }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const resultTag = (value: LoginHistoryRecord['result']) =>
    value === 'SUCCESS' ? (
      <Tag color="success">{t('results.SUCCESS')}</Tag>
    ) : (
      <Tag color="error">{t('results.FAILURE')}</Tag>
    );
  const timeTitle = (
    <span>
      {t('time')}{' '}
      <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 12, whiteSpace: 'nowrap' }}>
        {timeZoneLabel(timeZone)}
      </Typography.Text>
    </span>
  );

  const narrowColumns: TableColumnsType<LoginHistoryRecord> = [
    {
      title: timeTitle,
      key: 'login',
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <div style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(r.loginTime, timeZone)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.ip || '—'} · {device(r.device)}
          </Typography.Text>
          {r.failReason ? (
            <div>
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {failReason(r.failReason)}
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    { title: t('result'), dataIndex: 'result', key: 'result', width: 100, render: resultTag },
  ];

  const wideColumns: TableColumnsType<LoginHistoryRecord> = [
    {
      title: timeTitle,
      dataIndex: 'loginTime',
      key: 'loginTime',
      width: 210,
      render: (value: string) => (
        <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatDateTime(value, timeZone)}
        </span>
      ),
    },
    {
      title: t('ip'),
      dataIndex: 'ip',
      key: 'ip',
      width: 150,
      render: (value: string) => (
        <Typography.Text copyable={value ? { text: value } : false}>{value || '—'}</Typography.Text>
      ),
    },
    {
      title: t('device'),
      dataIndex: 'device',
      key: 'device',
      ellipsis: { showTitle: false },
      render: (value: string) => (
        <Tooltip title={value || undefined} placement="topLeft">
          <span>{device(value)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('result'),
      dataIndex: 'result',
      key: 'result',
      width: 110,
      render: resultTag,
    },
    {
      title: t('failReason'),
      dataIndex: 'failReason',
      key: 'failReason',
      width: 200,
      render: (value: string | null) => failReason(value) ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
  ];

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('title')} width={960} centered>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 8,
          margin: '4px 0 12px',
        }}
      >
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        <Segmented<ResultFilter>
          aria-label={t('filter')}
          options={RESULT_FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
          value={result}
          onChange={(value) => {
            setResult(value);
            setPageNum(1);
          }}
        />
      </div>
      <Table<LoginHistoryRecord>
        rowKey="id"
        size="small"
        columns={narrow ? narrowColumns : wideColumns}
        dataSource={query.data?.records ?? []}
        loading={query.isFetching}
        scroll={narrow ? undefined : { x: 820 }}
        locale={{
          emptyText: t(`empty.${result}`),
        }}
        pagination={{
          current: pageNum,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: !narrow,
          pageSizeOptions: [10, 20, 50],
          showTotal: (total) => t('total', { count: total, number: displayNumber(total) }),
          size: 'small',
          onChange: (page, size) => {
            setPageNum(size !== pageSize ? 1 : page);
            setPageSize(size);
          },
        }}
      />
    </Modal>
  );
}
