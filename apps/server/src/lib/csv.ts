/**
 * CSV as every file of the product writes it (exports, the payout batch template), through
 * csv-stringify: RFC 4180 with a comma, CRLF after every record, a field quoted when it holds a
 * quote, a comma, a CR or an LF, and its quotes doubled; nothing else quoted, an empty field empty.
 */
import { stringify, type Options } from 'csv-stringify/sync';

const RFC_4180: Options = {
  record_delimiter: 'windows',
  // With a CRLF record delimiter csv-stringify quotes fields holding that pair, not a lone CR or LF.
  quoted_match: /[\r\n]/,
};

/** Records, each CRLF-terminated ('' for none). */
export function csvRecords(records: readonly (readonly string[])[]): string {
  return stringify(records as string[][], RFC_4180);
}

/** One record, CRLF-terminated. */
export function csvRecord(values: readonly string[]): string {
  return csvRecords([values]);
}
