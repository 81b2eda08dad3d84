import { describe, expect, it } from 'vitest';
import { parse } from 'content-disposition';
import { attachmentName, contentDisposition } from './attachment';

describe('attachment names', () => {
  it('end in the extension of the type the server decided, replacing any other last extension', () => {
    expect(attachmentName('poly.html', 'application/pdf')).toBe('poly.pdf');
    expect(attachmentName('poly.HTML', 'application/pdf')).toBe('poly.pdf');
    expect(attachmentName('photo.svg', 'image/jpeg')).toBe('photo.jpg');
    expect(attachmentName('scan.png', 'image/jpeg')).toBe('scan.jpg');
    expect(attachmentName('invoice', 'application/pdf')).toBe('invoice.pdf');
    expect(attachmentName('payout-batch-template', 'text/csv; charset=utf-8')).toBe('payout-batch-template.csv');
    expect(attachmentName('payments.csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'payments.xlsx',
    );
  });

  it('keep a name that already ends in its type, in any case, and a double extension only when the last one is the type', () => {
    expect(attachmentName('delivery.pdf', 'application/pdf')).toBe('delivery.pdf');
    expect(attachmentName('Scan.JPEG', 'image/jpeg')).toBe('Scan.JPEG');
    expect(attachmentName('poly.html.pdf', 'application/pdf')).toBe('poly.html.pdf');
    expect(attachmentName('receipt.png', 'image/png')).toBe('receipt.png');
  });

  it('leave no way around the rule: trailing dots and spaces, stream names, path and bidirectional characters', () => {
    expect(attachmentName('poly.html.', 'application/pdf')).toBe('poly.pdf');
    expect(attachmentName('poly.html . ', 'application/pdf')).toBe('poly.pdf');
    expect(attachmentName('poly.html::$DATA', 'application/pdf')).toBe('poly.pdf');
    expect(attachmentName('..\\..\\poly.html', 'application/pdf')).toBe('_.._poly.pdf');
    expect(attachmentName('poly\u202Efdp.html', 'application/pdf')).toBe('poly_fdp.pdf');
    expect(attachmentName('a\r\nSet-Cookie: x.html', 'application/pdf')).toBe('a__Set-Cookie_ x.pdf');
    expect(attachmentName('', 'application/pdf')).toBe('download.pdf');
    expect(attachmentName('...', 'image/png')).toBe('download.png');
    const long = attachmentName(`${'x'.repeat(300)}.html`, 'application/pdf');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('are written once in ASCII and once in UTF-8 (RFC 6266 / 5987), quotes and percent signs never raw', () => {
    expect(contentDisposition('poly.pdf')).toBe(`attachment; filename="poly.pdf"; filename*=UTF-8''poly.pdf`);
    expect(contentDisposition('Überweisung "Q4" 100%.pdf')).toBe(
      `attachment; filename="_berweisung _Q4_ 100_.pdf"; filename*=UTF-8''%C3%9Cberweisung%20%22Q4%22%20100%25.pdf`,
    );
    expect(contentDisposition("o'brien (1)*.pdf")).toBe(
      `attachment; filename="o'brien (1)*.pdf"; filename*=UTF-8''o%27brien%20%281%29%2A.pdf`,
    );
  });

  it('read back by an RFC 6266 parser as the very name saved, whatever its characters', () => {
    for (const name of [
      'poly.pdf',
      'Überweisung "Q4" 100%.pdf',
      "o'brien (1)*.pdf",
      '請求書 2026-05.csv',
      'a;b=c,d.xlsx',
      '😀 emoji.png',
    ]) {
      const header = parse(contentDisposition(name));
      expect(header.type).toBe('attachment');
      expect(header.parameters['filename']).toBe(name);
    }
  });
});
