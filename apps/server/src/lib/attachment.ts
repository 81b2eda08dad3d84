import { encodeExtended } from 'content-disposition';
import type { FastifyReply } from 'fastify';

/**
 * Every file the product serves as a download (evidence files, dispute documents, exports, the payout
 * template) goes out through `sendAttachment`: one Content-Disposition writer, and one rule for the
 * name the browser saves it under.
 *
 * The rule: a download's name ends in the extension of its type, the type being what the server
 * decided (for an uploaded file, by its first bytes). The name a user gave is kept up to its last
 * extension, which is replaced when it is not the type's: PDF bytes uploaded as `poly.html` download
 * as `poly.pdf`, never `poly.html` (which the browser would save and open as a page) nor
 * `poly.html.pdf` (Windows hides the last extension and shows "poly.html"; some web servers act on
 * every extension of a name, so the file would turn back into a page wherever it is put next).
 */

/** The types served as downloads, each with the extensions that name it (the first one is given). */
const EXTENSIONS_OF = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'text/csv; charset=utf-8': ['csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
} as const satisfies Record<string, readonly string[]>;

export type AttachmentType = keyof typeof EXTENSIONS_OF;

/**
 * Characters a saved name must not carry: controls, the ones Windows refuses in a file name (they
 * also end a header parameter or a path), and the bidirectional controls that make "fdp.html" show
 * as "lmth.pdf".
 */
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const UNSAFE = /[\u0000-\u001f\u007f-\u009f"*/:<>?\\|\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_NAME = 200;

/** The name to save a download under: cleaned, ending in its type's extension (see the rule above). */
export function attachmentName(name: string, type: AttachmentType): string {
  const extensions: readonly string[] = EXTENSIONS_OF[type];
  // Windows drops trailing dots and spaces ("poly.html." saves as "poly.html"): drop them first.
  const clean = name.replace(UNSAFE, '_').replace(/^[\s.]+|[\s.]+$/g, '');
  const dot = clean.lastIndexOf('.');
  if (dot > 0 && extensions.includes(clean.slice(dot + 1).toLowerCase()) && clean.length <= MAX_NAME) return clean;
  const stem = (dot > 0 ? clean.slice(0, dot) : clean).replace(/[\s.]+$/, '') || 'download';
  const extension = `.${extensions[0]}`;
  return `${stem.slice(0, MAX_NAME - extension.length)}${extension}`;
}

/**
 * `attachment` with the name twice (RFC 6266): `filename` in printable ASCII for old clients (no
 * quote, backslash or percent sign, which some decode), and `filename*` in UTF-8 (RFC 8187, encoded
 * by the content-disposition package), which browsers prefer. The package's `create` is not used
 * for the whole header: it writes a name that is a token unquoted (`filename=poly.pdf`) and leaves
 * `filename*` out when the ASCII name is the same, so the header would change with the name.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=${encodeExtended(fileName)}`;
}

/**
 * Sets the headers of a download the browser saves and never renders or sniffs: its type, the name
 * ending in that type's extension, its length when known, nosniff, no caching. Send the body after.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { name: string; type: AttachmentType; size?: number },
): FastifyReply {
  reply
    .header('Content-Type', file.type)
    .header('Content-Disposition', contentDisposition(attachmentName(file.name, file.type)))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
  if (file.size !== undefined) reply.header('Content-Length', String(file.size));
  return reply;
}
