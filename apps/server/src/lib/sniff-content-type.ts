import type { EvidenceContentType } from '@mbo/contracts/disputes';

/**
 * What an evidence file is, by its first bytes (its "magic number"), never by its name or the type
 * the browser claims: PDF, JPEG and PNG only. Everything else (HTML, SVG, a zip, a GIF, nothing) is
 * refused. The signatures are the formats' own (ISO 32000 §7.5.2, JFIF/EXIF SOI marker, PNG spec §5.2).
 * Dispute evidence uploads and payout batch files both check their files so, hence lib/.
 */
const SIGNATURES: { type: EvidenceContentType; bytes: number[]; what: string }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], what: 'PDF' }, // "%PDF-"
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], what: 'PNG' },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff], what: 'JPEG' },
];

/** Bytes enough to tell every accepted type. */
export const SNIFF_BYTES = Math.max(...SIGNATURES.map((s) => s.bytes.length));

/** The accepted type of a file starting with these bytes, or null. */
export function evidenceContentType(head: Uint8Array): EvidenceContentType | null {
  const match = SIGNATURES.find((s) => head.length >= s.bytes.length && s.bytes.every((b, i) => head[i] === b));
  return match ? match.type : null;
}

/** In words, what a refused file looks like (for the error message). */
export function describeRefusedFile(head: Uint8Array): string {
  const text = Buffer.from(head).toString('latin1').trimStart().toLowerCase();
  if (head.length === 0) return 'empty';
  if (text.startsWith('<svg') || text.startsWith('<?xml')) return 'an SVG or XML document';
  if (text.startsWith('<')) return 'an HTML document';
  if (head[0] === 0x50 && head[1] === 0x4b) return 'a ZIP archive';
  if (text.startsWith('gif8')) return 'a GIF image';
  return 'of another type';
}

/** The file extension of an accepted type, for download names. */
export const EXTENSIONS: Readonly<Record<EvidenceContentType, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};
