import StatusTag from '@/components/list/status-tag';
import { settlementStatusLabel, settlementTone } from '../utils/settlement-status';

/** A settlement's status as a tag: Pending, Paid or Failed. */
export function SettlementStatusTag({ status }: { status: string }) {
  return <StatusTag tone={settlementTone(status)}>{settlementStatusLabel(status)}</StatusTag>;
}
