import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import dayjs, { type Dayjs } from 'dayjs';
import { WEBHOOK_REPLAY_MAX_DAYS, type ReplayResult, type WebhookEndpointRecord } from '@mbo/contracts/integration';
import { timeZoneLabel } from '@/lib/format-time';
import { displayNumber } from '@/lib/formats';
import { useGlobalState } from '@/lib/global-state';
import { integrationKeys } from '../api/integration-query-keys';
import { replayEvents } from '../api/webhook-endpoints-api';
import { isoToWallTime, lastHours, replayRangeError, wallTimeToIso } from '../utils/replay-range';
import { RefusalAlert } from '@/components/refusal-alert';
import FieldItem from '@/components/field-item';

/** The wall-clock form the dialog keeps (a native datetime-local input's value too). */
const WALL = 'YYYY-MM-DDTHH:mm';
const SHOWN = 'YYYY-MM-DD HH:mm';
/** The presets' ranges; their words: the `integration` namespace's `replay.presets`. */
const PRESETS = [
  { key: 'hour', hours: 1 },
  { key: 'day', hours: 24 },
  { key: 'week', hours: 24 * 7 },
  { key: 'max', hours: 24 * WEBHOOK_REPLAY_MAX_DAYS },
] as const;

interface WallRange {
  from?: string;
  to?: string;
}

/** A preset's range as wall-clock times in the zone. */
function presetRange(hours: number, tz: string | undefined): WallRange {
  const r = lastHours(hours);
  const wall = (iso: string) => dayjs(isoToWallTime(iso, tz)).format(WALL);
  return { from: wall(r.createdFrom), to: wall(r.createdTo) };
}

/**
 * The range's controls: antd's range picker on a desktop; on a phone (where its two-month popup
 * does not fit) the browser's own date-time inputs.
 */
function RangeInputs({
  value,
  onChange,
  narrow,
}: {
  value: WallRange;
  onChange: (v: WallRange) => void;
  narrow: boolean;
}) {
  const { t } = useTranslation('integration', { keyPrefix: 'replay' });
  if (narrow) {
    return (
      <div className="mbo-integration-range">
        <Input
          id="replay-range-from"
          type="datetime-local"
          aria-label={t('from')}
          value={value.from ?? ''}
          onChange={(e) => onChange({ ...value, from: e.target.value || undefined })}
        />
        <Input
          id="replay-range-to"
          type="datetime-local"
          aria-label={t('to')}
          value={value.to ?? ''}
          onChange={(e) => onChange({ ...value, to: e.target.value || undefined })}
        />
      </div>
    );
  }
  const picked: [Dayjs | null, Dayjs | null] | null =
    value.from || value.to ? [value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null] : null;
  return (
    <DatePicker.RangePicker
      id={{ start: 'replay-range-from', end: 'replay-range-to' }}
      showTime={{ format: 'HH:mm' }}
      format={SHOWN}
      placeholder={[t('from'), t('to')]}
      value={picked}
      onChange={(v) => onChange({ from: v?.[0]?.format(WALL), to: v?.[1]?.format(WALL) })}
      style={{ width: '100%' }}
    />
  );
}

/**
 * Sends again every event of a time range that the endpoint subscribes to (API_INTEGRATION_UPDATE):
 * a range picked in the merchant's zone, at most 31 days; then how many deliveries were queued. Each
 * goes to the delivery log as a replay; the receiver should ignore event ids it already handled.
 */
export function ReplayEventsModal({
  endpoint,
  open,
  onClose,
}: {
  endpoint: WebhookEndpointRecord;
  open: boolean;
  onClose: () => void;
}) {
  const { user, isMobile } = useGlobalState();
  const { t: tr } = useTranslation('integration');
  const { t } = useTranslation('integration', { keyPrefix: 'replay' });
  const tz = user?.timeZone;
  const queryClient = useQueryClient();
  const [range, setRangeState] = useState<WallRange>({});
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<ReplayResult | null>(null);
  const from = range.from ? wallTimeToIso(range.from, tz) : null;
  const to = range.to ? wallTimeToIso(range.to, tz) : null;
  const problem = replayRangeError(from, to, tr);
  const replay = useMutation({
    mutationFn: () => replayEvents({ endpointId: endpoint.endpointId, createdFrom: from!, createdTo: to! }),
    onSuccess: (answer) => {
      setDone(answer);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries() });
    },
  });
  const setRange = (next: WallRange) => {
    setRangeState(next);
    if (replay.isError) replay.reset();
  };
  function close() {
    setRangeState({});
    setTried(false);
    setDone(null);
    replay.reset();
    onClose();
  }
  const submit = () => {
    setTried(true);
    if (!problem) replay.mutate();
  };

  return (
    <Modal
      open={open}
      title={t('title')}
      onCancel={replay.isPending ? undefined : close}
      mask={{ closable: !replay.isPending }}
      centered
      destroyOnHidden
      footer={
        done ? (
          <Button type="primary" onClick={close}>
            {t('done')}
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={replay.isPending}>
              {t('cancel')}
            </Button>
            <Button type="primary" loading={replay.isPending} onClick={submit}>
              {t('ok')}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={
            done.queued === 0 ? t('none') : t('queued', { count: done.queued, number: displayNumber(done.queued) })
          }
          description={done.queued === 0 ? t('noneBody') : t('queuedBody')}
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('introBefore')}
            <span className="mbo-list-mono" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </span>
            {t('introAfter', { days: WEBHOOK_REPLAY_MAX_DAYS })}
          </Typography.Paragraph>
          <div className="mbo-integration-actions" role="group" aria-label={t('ranges')} style={{ marginBottom: 12 }}>
            {PRESETS.map((p) => (
              <Button key={p.key} size="small" onClick={() => setRange(presetRange(p.hours, tz))}>
                {t(`presets.${p.key}`, { days: WEBHOOK_REPLAY_MAX_DAYS })}
              </Button>
            ))}
          </div>
          <Form layout="vertical" component="div">
            <FieldItem
              label={t('range', { zone: timeZoneLabel(tz) })}
              htmlFor="replay-range-from"
              required
              error={tried ? problem : undefined}
              help={t('rangeHelp')}
            >
              <RangeInputs value={range} onChange={setRange} narrow={isMobile} />
            </FieldItem>
          </Form>
          {replay.isError ? <RefusalAlert error={replay.error} fallback={t('failure')} /> : null}
        </>
      )}
    </Modal>
  );
}
