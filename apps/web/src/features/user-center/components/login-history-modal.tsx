import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Grid, Modal, Segmented, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { LoginHistoryRecord } from '@mbo/contracts/usercenter';
import { useGlobalState } from '@/lib/global-state';
import { loginHistoryQueryOptions } from '../api/list-login-history';
import { describeDevice } from '../utils/describe-device';
import { describeFailReason } from '../utils/describe-fail-reason';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';

type ResultFilter = 'ALL' | 'SUCCESS' | 'FAILURE';

const RESULT_OPTIONS: { label: string; value: ResultFilter }[] = [
  { label: 'All', value: 'ALL' },
  { label: 'Successful', value: 'SUCCESS' },
  { label: 'Failed', value: 'FAILURE' },
];

export interface LoginHistoryModalProps {
  open: boolean;
  onClose: () => void;
}

/** The user's own logins: time (in their zone), IP, device, result, failure reason; paged by the server. */
export default function LoginHistoryModal({ open, onClose }: LoginHistoryModalProps) {
  const { user } = useGlobalState();
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
    value === 'SUCCESS' ? <Tag color="success">Successful</Tag> : <Tag color="error">Failed</Tag>;
  const timeTitle = (
    <span>
      Time{' '}
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
            {r.ip || '—'} · {describeDevice(r.device)}
          </Typography.Text>
          {r.failReason ? (
            <div>
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {describeFailReason(r.failReason)}
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    { title: 'Result', dataIndex: 'result', key: 'result', width: 100, render: resultTag },
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
      title: 'IP address',
      dataIndex: 'ip',
      key: 'ip',
      width: 150,
      render: (value: string) => (
        <Typography.Text copyable={value ? { text: value } : false}>{value || '—'}</Typography.Text>
      ),
    },
    {
      title: 'Device',
      dataIndex: 'device',
      key: 'device',
      ellipsis: { showTitle: false },
      render: (value: string) => (
        <Tooltip title={value || undefined} placement="topLeft">
          <span>{describeDevice(value)}</span>
        </Tooltip>
      ),
    },
    {
      title: 'Result',
      dataIndex: 'result',
      key: 'result',
      width: 110,
      render: resultTag,
    },
    {
      title: 'Failure reason',
      dataIndex: 'failReason',
      key: 'failReason',
      width: 200,
      render: (value: string | null) =>
        describeFailReason(value) ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
  ];

  return (
    <Modal open={open} onCancel={onClose} footer={null} title="Login history" width={960} centered>
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
        <Typography.Text type="secondary">Your own logins to this account, newest first.</Typography.Text>
        <Segmented<ResultFilter>
          aria-label="Filter by result"
          options={RESULT_OPTIONS}
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
          emptyText:
            result === 'ALL' ? 'No logins yet.' : result === 'SUCCESS' ? 'No successful logins.' : 'No failed logins.',
        }}
        pagination={{
          current: pageNum,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: !narrow,
          pageSizeOptions: [10, 20, 50],
          showTotal: (total) => `${total} login${total === 1 ? '' : 's'}`,
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
