import { describe, expect, it } from 'vitest';
import { describeRefusedFile, evidenceContentType } from './sniff-content-type';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('evidenceContentType', () => {
  it('knows PDF, PNG and JPEG by their first bytes', () => {
    expect(evidenceContentType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(evidenceContentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(evidenceContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
  });

  it('refuses everything else, whatever it is called', () => {
    for (const [head, what] of [
      [bytes('<!doctype html><html>'), 'an HTML document'],
      [bytes('<svg xmlns="http://www.w3.org/2000/svg">'), 'an SVG or XML document'],
      [bytes('PK\u0003\u0004'), 'a ZIP archive'],
      [bytes('GIF89a'), 'a GIF image'],
      [new Uint8Array(), 'empty'],
      [bytes('%PDF'), 'of another type'], // cut short: not the whole signature
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'of another type'],
    ] as const) {
      expect(evidenceContentType(head)).toBeNull();
      expect(describeRefusedFile(head)).toBe(what);
    }
  });
});
