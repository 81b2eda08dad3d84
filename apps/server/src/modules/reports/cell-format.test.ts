import { describe, expect, it } from 'vitest';
import { csvRecord, neutraliseFormula } from './cell-format';

describe('export cell formatting', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx']) expect(neutraliseFormula(text)).toBe(`'${text}`);
    for (const text of ['hello', 'a=b', '', ' =1', "'quoted"]) expect(neutraliseFormula(text)).toBe(text);
  });

  it('quotes CSV fields per RFC 4180', () => {
    expect(csvRecord(['a', 'b,c', 'say "hi"', 'line\nbreak', ''])).toBe('a,"b,c","say ""hi""","line\nbreak",\r\n');
  });
});
