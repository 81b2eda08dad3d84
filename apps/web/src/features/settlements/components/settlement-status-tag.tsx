import StatusTag from '@/components/list/status-tag';
import { useLabel } from '@/i18n/use-label';
import { settlementTone } from '../utils/settlement-status';

/** A settlement's status as a tag: Pending, Paid or Failed. */
export function SettlementStatusTag({ status }: { status: string }) {
  const label = useLabel();
  return <StatusTag tone={settlementTone(status)}>{label('SETTLEMENT_STATUSES', status)}</StatusTag>;
}
