import { balanceTransactionsExport } from './balance-transactions-export';
import { registerExportType } from './export-types';
import { paymentsExport } from './payments-export';
import { refundsExport } from './refunds-export';

/** The export types of the transactions area and the balance; later modules call registerExportType the same way. */
registerExportType(paymentsExport);
registerExportType(refundsExport);
registerExportType(balanceTransactionsExport);
