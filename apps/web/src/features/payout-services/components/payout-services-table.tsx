import type { TableColumnsType } from 'antd';
import type { PayoutServiceListColumnKey } from '@mbo/contracts/lists/payout-services-list';
import type { PayoutServiceRecord } from '@mbo/contracts/payout-services';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag from '@/components/list/status-tag';
import { displayFeeRule } from '@/lib/display-fee-rule';
import { displayAmountLimits, displayCutoff } from '@/lib/display-limits';
import { timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import { PAYOUT_SERVICE_STATUS_TONE } from '../utils/payout-service-status';

function ServiceStatus({ record: r }: { record: PayoutServiceRecord }) {
  const label = useLabel();
  return (
    <StatusTag tone={PAYOUT_SERVICE_STATUS_TONE[r.status]}>{label('PAYOUT_SERVICE_STATUSES', r.status)}</StatusTag>
  );
}

/** How the payout services list shows each column of PAYOUT_SERVICES_LIST, and its phone layout. */
export function usePayoutServicesTable(): Pick<ListTableProps<PayoutServiceRecord>, 'cells' | 'narrowColumns'> {
  const { t } = useTranslation('payout-services', { keyPrefix: 'table' });
  const label = useLabel();
  const { countryList } = useGlobalState();
  const countryName = (code: string) => countryList.find((o) => o.value === code)?.label;
  const limits = (r: PayoutServiceRecord) => displayAmountLimits(r.minAmount, r.maxAmount, r.currency);
  const cells: Record<PayoutServiceListColumnKey, (r: PayoutServiceRecord) => React.ReactNode> = {
    method: (r) => (
      <span>
        <span className="mbo-list-nowrap">{r.methodName}</span>
        <span className="mbo-list-sub">{label('PAYOUT_METHOD_TYPES', r.methodType)}</span>
      </span>
    ),
    country: (r) => {
      const name = countryName(r.country);
      return name ? (
        <abbr title={name} style={{ textDecoration: 'none' }}>
          {r.country}
        </abbr>
      ) : (
        r.country
      );
    },
    currency: (r) => r.currency,
    fee: (r) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{displayFeeRule(r.fee)}</span>,
    limits: (r) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{limits(r)}</span>,
    cutoff: (r) => (
      <span title={timeZoneLabel(r.timeZone)}>
        <span className="mbo-list-nowrap">{r.cutoffTime}</span>
        <span className="mbo-list-sub">{r.timeZone}</span>
      </span>
    ),
    arrival: (r) => label('PAYOUT_ARRIVALS', r.arrival),
    status: (r) => <ServiceStatus record={r} />,
    serviceId: (r) => <span className="mbo-list-mono">{r.serviceId}</span>,
  };
  const narrowColumns: TableColumnsType<PayoutServiceRecord> = [
    {
      key: 'service',
      title: t('summary'),
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
            <strong>{r.methodName}</strong>
            <ServiceStatus record={r} />
          </div>
          <span className="mbo-list-sub">
            {label('PAYOUT_METHOD_TYPES', r.methodType)} · {r.country} · {r.currency}
          </span>
          <span>{t('perPayout', { fee: displayFeeRule(r.fee) })}</span>
          <span className="mbo-list-sub">{limits(r)}</span>
          <span className="mbo-list-sub">
            {t('arrivalLine', {
              arrival: label('PAYOUT_ARRIVALS', r.arrival),
              cutoff: displayCutoff(r.cutoffTime, r.timeZone),
            })}
          </span>
        </div>
      ),
    },
  ];
  return { cells, narrowColumns };
}
