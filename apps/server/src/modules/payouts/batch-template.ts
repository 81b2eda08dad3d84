import ExcelJS from 'exceljs';
import {
  PAYOUT_LIMITS,
  PAYOUT_PURPOSES,
  PAYOUT_ROW_FIELDS,
  PAYOUT_ROW_LABELS,
  type PayoutRowInput,
} from '@mbo/contracts/payout-rows';
import { PAYOUT_METHOD_TYPES } from '@mbo/contracts/payout-services';
import { csvRecords } from '../../lib/csv';

/** Two example rows: a bank transfer by IBAN and an e-wallet payout. */
export const TEMPLATE_EXAMPLES: PayoutRowInput[] = [
  {
    beneficiaryName: 'Jane Cooper',
    country: 'GB',
    currency: 'GBP',
    amount: '125.00',
    method: 'BANK_TRANSFER',
    accountNumber: 'GB29NWBK60161331926819',
    routingCode: '',
    bic: 'NWBKGB2L',
    purpose: 'SUPPLIER',
    reference: 'INV-1001',
  },
  {
    beneficiaryName: 'Juan Dela Cruz',
    country: 'PH',
    currency: 'PHP',
    amount: '1500',
    method: 'EWALLET',
    accountNumber: '09171234567',
    routingCode: '',
    bic: '',
    purpose: 'COMMISSION',
    reference: 'COMM-2026-11',
  },
];

const HELP: [string, string][] = [
  ['beneficiaryName', `The beneficiary's name, ${PAYOUT_LIMITS.nameMin} to ${PAYOUT_LIMITS.nameMax} characters.`],
  ['country', 'The beneficiary bank’s country, two letters (GB, DE, US…). A payout service must serve it.'],
  ['currency', 'Three letters (GBP, EUR, USD…).'],
  ['amount', 'In major units with a point: 125.00; no decimals in JPY, KRW, IDR, VND.'],
  ['method', PAYOUT_METHOD_TYPES.join(' or ')],
  ['accountNumber', 'An IBAN in IBAN countries, the local account number elsewhere, or the wallet ID for EWALLET.'],
  [
    'routingCode',
    'Where the country uses one: ABA routing number (US), BSB (AU), bank and branch code (SG, JP, HK), IFSC (IN)…',
  ],
  ['bic', 'Optional: 8 or 11 characters.'],
  ['purpose', PAYOUT_PURPOSES.join(', ')],
  ['reference', `Optional: shown to the beneficiary, at most ${PAYOUT_LIMITS.referenceMax} characters.`],
];

export function templateCsv(): string {
  return `\ufeff${csvRecords([[...PAYOUT_ROW_FIELDS], ...TEMPLATE_EXAMPLES.map((r) => PAYOUT_ROW_FIELDS.map((f) => r[f]))])}`;
}

export async function templateXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Payouts');
  sheet.columns = PAYOUT_ROW_FIELDS.map((f) => ({
    header: f,
    key: f,
    width: Math.max(14, PAYOUT_ROW_LABELS[f].length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of TEMPLATE_EXAMPLES) sheet.addRow(r);
  // Amounts and account numbers as text, so a spreadsheet keeps "125.00" and leading zeros.
  for (const key of ['amount', 'accountNumber', 'routingCode']) sheet.getColumn(key).numFmt = '@';
  const help = book.addWorksheet('How to fill in');
  help.columns = [
    { header: 'Column', key: 'column', width: 18 },
    { header: 'What to write', key: 'what', width: 100 },
  ];
  help.getRow(1).font = { bold: true };
  for (const [column, what] of HELP) help.addRow({ column, what });
  return Buffer.from(await book.xlsx.writeBuffer());
}
