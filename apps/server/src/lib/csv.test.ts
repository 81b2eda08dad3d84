import { describe, expect, it } from 'vitest';
import { csvRecord, csvRecords } from './csv';

describe('CSV records', () => {
  it('quotes CSV fields per RFC 4180', () => {
    expect(csvRecord(['a', 'b,c', 'say "hi"', 'line\nbreak', ''])).toBe('a,"b,c","say ""hi""","line\nbreak",\r\n');
  });

  it('quotes a lone CR or LF too, and writes every record of a batch with CRLF', () => {
    expect(csvRecord(['cr\ronly', 'lf\nonly', 'crlf\r\nboth', ' spaced '])).toBe(
      '"cr\ronly","lf\nonly","crlf\r\nboth", spaced \r\n',
    );
    expect(csvRecords([['a', ''], ['', 'b'], ['']])).toBe('a,\r\n,b\r\n\r\n');
    expect(csvRecords([])).toBe('');
  });
});
