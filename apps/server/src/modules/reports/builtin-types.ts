import { balanceTransactionsExport } from './balance-transactions-export';
import { disputesExport } from './disputes-export';
import { registerExportType } from './export-types';
import { paymentsExport } from './payments-export';
import { refundsExport } from './refunds-export';
import { settlementsExport, settlementTransactionsExport } from './settlement-exports';

/** The export types of the transactions area (disputes included), the balance and the settlements; later modules call registerExportType the same way. */
registerExportType(paymentsExport);
registerExportType(refundsExport);
registerExportType(disputesExport);
registerExportType(balanceTransactionsExport);
registerExportType(settlementsExport);
registerExportType(settlementTransactionsExport);
