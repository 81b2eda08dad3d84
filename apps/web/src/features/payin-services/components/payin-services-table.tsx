import type { TableColumnsType } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { useLabel } from '@/i18n/use-label';
import type { PayinServiceRecord } from '@mbo/contracts/payin-services';
import type { PayinServiceListColumnKey } from '@mbo/contracts/lists/payin-services-list';
import type { ListTableProps } from '@/components/list/list-table';
import StatusTag from '@/components/list/status-tag';
import { displayFeeRule } from '@/lib/display-fee-rule';
import { formatDateTime, timeZoneLabel } from '@/lib/format-time';
import { ZoneSubLabel } from '@/components/list/zone-title';
import { useGlobalState } from '@/lib/global-state';
import { PAYIN_SERVICE_STATUS_TONE } from '../utils/payin-service-status';
import {
  displayAmountLimits,
  displayCutoff,
  displaySettlementCycle,
  settlementCycleParts,
} from '../utils/service-terms';

function ServiceStatus({ record: r }: { record: PayinServiceRecord }) {
  const label = useLabel();
  return (
    <StatusTag tone={PAYIN_SERVICE_STATUS_TONE[r.status] ?? 'default'}>
      {label('PAYIN_SERVICE_STATUSES', r.status)}
    </StatusTag>
  );
}

type PayinServiceTableParts = Pick<ListTableProps<PayinServiceRecord>, 'cells' | 'titles' | 'narrowColumns'>;

/**
 * How the pay-in services list shows each column of PAYIN_SERVICES_LIST, and its phone layout. No detail page: rows do
 * not link.
 */
export function usePayinServicesTable(): PayinServiceTableParts {
  const { t } = useTranslation('payin-services');
  const label = useLabel();
  const { user, countryList } = useGlobalState();
  const tz = user?.timeZone;
  const methodName = (r: PayinServiceRecord) => label('PAYMENT_METHOD_NAMES', r.payMethodName);
  const methodType = (r: PayinServiceRecord) => label('PAYMENT_METHOD_TYPES', r.payMethodType);
  const countryName = (code: string) => countryList.find((o) => o.value === code)?.label;
  const fee = (r: PayinServiceRecord) => displayFeeRule(r.fee);
  const limits = (r: PayinServiceRecord) => displayAmountLimits(r.minAmount, r.maxAmount, r.currency);

  const cells: Record<PayinServiceListColumnKey, (r: PayinServiceRecord) => React.ReactNode> = {
    method: (r) => (
      <span>
        <span className="mbo-list-nowrap">{methodName(r)}</span>
        <span className="mbo-list-sub">{methodType(r)}</span>
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
    fee: (r) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{fee(r)}</span>,
    limits: (r) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{limits(r)}</span>,
    settlementCycle: (r) => {
      const { cycle, detail } = settlementCycleParts(t, r.settlementCycleDays);
      return (
        <span>
          <span className="mbo-list-nowrap">{cycle}</span>
          <span className="mbo-list-sub">{detail}</span>
        </span>
      );
    },
    cutoff: (r) => (
      <span title={timeZoneLabel(r.timeZone)}>
        <span className="mbo-list-nowrap">{r.cutoffTime}</span>
        <span className="mbo-list-sub">{r.timeZone}</span>
      </span>
    ),
    status: (r) => <ServiceStatus record={r} />,
    serviceId: (r) => <span className="mbo-list-mono">{r.serviceId}</span>,
    createdAt: (r) => <span className="mbo-list-nowrap">{formatDateTime(r.createdAt, tz)}</span>,
  };

  // Phones get one card per service: method and status, then its price, limits and cycle.
  const narrowColumns: TableColumnsType<PayinServiceRecord> = [
    {
      key: 'service',
      title: t('table.summary'),
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
            <strong>{methodName(r)}</strong>
            <ServiceStatus record={r} />
          </div>
          <span className="mbo-list-sub">
            {methodType(r)} · {r.country} · {r.currency}
          </span>
          <span>{fee(r)}</span>
          <span className="mbo-list-sub">{limits(r)}</span>
          <span className="mbo-list-sub">
            {t('table.cycleLine', {
              cycle: displaySettlementCycle(t, r.settlementCycleDays),
              cutoff: displayCutoff(r.cutoffTime, r.timeZone),
            })}
          </span>
        </div>
      ),
    },
  ];

  return {
    cells,
    titles: {
      createdAt: (
        <span>
          {t('table.created')}
          <ZoneSubLabel timeZone={tz} />
        </span>
      ),
    },
    narrowColumns,
  };
}
