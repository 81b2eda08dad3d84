import { describe, expect, it } from 'vitest';
import { readCookieHeaders } from './cookie-headers';
import { filenameFromDisposition } from './download';

describe('headers cookie', () => {
  it('reads a JSON object of headers from mbo_headers', () => {
    const cookie = `a=1; mbo_headers=${encodeURIComponent('{"X-Env":"sandbox","X-N":2}')}; b=2`;
    expect(readCookieHeaders(cookie)).toEqual({ 'X-Env': 'sandbox', 'X-N': '2' });
  });

  it('ignores a malformed cookie, a non-object, bad names and values with line breaks', () => {
    expect(readCookieHeaders('mbo_headers=%7Bbad')).toEqual({});
    expect(readCookieHeaders(`mbo_headers=${encodeURIComponent('["x"]')}`)).toEqual({});
    expect(
      readCookieHeaders(
        `mbo_headers=${encodeURIComponent('{"Bad Name":"x","X-Ok":"y","X-Nl":"a\\r\\nb","X-Obj":{}}')}`,
      ),
    ).toEqual({
      'X-Ok': 'y',
    });
    expect(readCookieHeaders('')).toEqual({});
  });
});

describe('Content-Disposition', () => {
  it('prefers filename* and decodes it', () => {
    expect(filenameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`)).toBe(
      'résumé.csv',
    );
  });
  it('reads a quoted or bare filename and strips paths', () => {
    expect(filenameFromDisposition('attachment; filename="payments 2026.xlsx"')).toBe('payments 2026.xlsx');
    expect(filenameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
  });
  it('falls back when there is no name', () => {
    expect(filenameFromDisposition(undefined)).toBe('download');
    expect(filenameFromDisposition('inline')).toBe('download');
  });
});
