import { registerExportType } from './export-types';
import { paymentsExport } from './payments-export';
import { refundsExport } from './refunds-export';

/** The export types of the transactions area; later modules call registerExportType the same way. */
registerExportType(paymentsExport);
registerExportType(refundsExport);
