import { agreementsExport } from './agreements-export';
import { auditLogExport } from './audit-log-export';
import { balanceTransactionsExport } from './balance-transactions-export';
import { disputesExport } from './disputes-export';
import { registerExportType } from './export-types';
import { paymentsExport } from './payments-export';
import { refundsExport } from './refunds-export';
import { settlementsExport, settlementTransactionsExport } from './settlement-exports';
import { withdrawalsExport } from './withdrawals-export';
import { payoutBatchesExport, payoutsExport } from './payouts-export';

/**
 * The export types of the transactions area (disputes included), the balance, the settlements, the withdrawals, the
 * payouts, the subscription agreements and the audit log; later modules call registerExportType the same way.
 */
registerExportType(paymentsExport);
registerExportType(refundsExport);
registerExportType(disputesExport);
registerExportType(balanceTransactionsExport);
registerExportType(settlementsExport);
registerExportType(settlementTransactionsExport);
registerExportType(withdrawalsExport);
registerExportType(payoutsExport);
registerExportType(payoutBatchesExport);
registerExportType(agreementsExport);
registerExportType(auditLogExport);
