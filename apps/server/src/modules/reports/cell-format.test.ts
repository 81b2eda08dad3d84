import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './cell-format';

describe('export cell formatting', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx'])
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    for (const text of ['hello', 'a=b', '', ' =1', "'quoted"]) expect(neutraliseFormula(text)).toBe(text);
  });
});
