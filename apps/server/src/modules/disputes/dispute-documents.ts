/**
 * The dispute's documents (API_DISPUTES_DOWNLOAD), generated as PDFs with pdf-lib: the NOTICE of the
 * dispute (what, why, how much, by when, what wins it) and the SUBMISSION bundle (the text evidence
 * on a cover page, then every evidence file: a PDF's own pages, an image one per page).
 */
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  disputeReasonOf,
  EVIDENCE_CATEGORY_LABELS,
  EVIDENCE_TEXT_FIELDS,
  EVIDENCE_TEXT_LABELS,
  type EvidenceCategory,
} from '@mbo/contracts/dispute-reasons';
import type { DisputeDocumentKind } from '@mbo/contracts/disputes';
import { DISPUTE_TYPE_LABELS } from '@mbo/contracts/lists/disputes-list';
import { amountWithCode } from '@mbo/contracts/money';
import { DISPUTE_STATUS_LABELS } from '@mbo/contracts/status-labels';
import type { Db } from '../../db/client';
import { disputes, merchants } from '../../db/schema';
import { typedRows, type RowOf } from '../../db/typed-rows';
import type { FileStorage } from '../../lib/file-storage';
import { formatInZone } from '../../lib/zoned-time';
import { disputeNotFound } from './dispute-errors';
import { storedEvidence } from './evidence-files';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

const DISPUTE_FACTS = {
  id: disputes.id,
  merchant_name: merchants.name,
  time_zone: merchants.timeZone,
  type: disputes.type,
  status: disputes.status,
  reason: disputes.reason,
  payment_id: disputes.paymentId,
  amount: disputes.amount,
  fee: disputes.fee,
  currency: disputes.currency,
  due_at: disputes.dueAt,
  created_at: disputes.createdAt,
  submitted_at: disputes.submittedAt,
  evidence: disputes.evidence,
};
type DisputeFacts = RowOf<typeof DISPUTE_FACTS>;

/** Text the standard fonts can draw (WinAnsi): dashes and quotes made plain, anything else outside Latin-1 a "?". */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\n\u0020-\u007e\u00a0-\u00ff]/g, '?');
}

/** A page writer that flows lines down and starts a new page when one is full. */
class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private doc: PDFDocument,
    private font: PDFFont,
    private bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private room(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }
  line(text: string, opts: { size?: number; bold?: boolean; gap?: number; grey?: boolean } = {}) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.font;
    const width = A4[0] - 2 * MARGIN;
    for (const paragraph of pdfSafe(text).split('\n')) {
      const words = paragraph.split(/\s+/);
      let current = '';
      const flush = () => {
        this.room(size + 4);
        this.page.drawText(current, {
          x: MARGIN,
          y: this.y - size,
          size,
          font,
          color: opts.grey ? rgb(0.4, 0.4, 0.45) : rgb(0.1, 0.1, 0.15),
        });
        this.y -= size + 4;
        current = '';
      };
      for (const word of words) {
        // A word wider than the line is cut into pieces that fit.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let n = rest.length - 1;
          while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
          if (current) flush();
          current = rest.slice(0, n);
          flush();
          rest = rest.slice(n);
        }
        const next = current ? `${current} ${rest}` : rest;
        if (font.widthOfTextAtSize(next, size) > width && current) {
          flush();
          current = rest;
        } else current = next;
      }
      flush();
    }
    this.y -= opts.gap ?? 2;
  }
  row(label: string, value: string) {
    this.line(`${label}: ${value}`);
  }
}

async function factsOf(db: Db, merchantId: string, disputeId: string): Promise<DisputeFacts> {
  const [d] = await typedRows(
    db,
    DISPUTE_FACTS,
    sql`
      SELECT d.id, m.name AS merchant_name, m.time_zone, d.type, d.status, d.reason, d.payment_id, d.amount, d.fee, d.currency, d.due_at,
             d.created_at, d.submitted_at, d.evidence
        FROM disputes d JOIN merchants m ON m.id = d.merchant_id WHERE d.id = ${disputeId} AND d.merchant_id = ${merchantId}`,
  );
  if (!d) throw disputeNotFound();
  return d;
}

function header(w: Writer, d: DisputeFacts, title: string) {
  const when = (v: string | Date | null) => (v ? `${formatInZone(v, d.time_zone).slice(0, 16)} (${d.time_zone})` : '-');
  const money = (v: string | number) => amountWithCode(Number(v), d.currency);
  const reason = disputeReasonOf(d.reason);
  w.line(title, { size: 18, bold: true, gap: 8 });
  w.row('Merchant', d.merchant_name);
  w.row('Dispute', `${d.id} (${DISPUTE_TYPE_LABELS[d.type as keyof typeof DISPUTE_TYPE_LABELS] ?? d.type})`);
  w.row('Status', DISPUTE_STATUS_LABELS[d.status as keyof typeof DISPUTE_STATUS_LABELS] ?? d.status);
  w.row('Payment', d.payment_id ?? '-');
  w.row('Disputed amount', money(d.amount));
  w.row('Dispute fee', money(d.fee));
  w.row('Opened', when(d.created_at));
  w.row('Evidence due', when(d.due_at));
  if (d.submitted_at) w.row('Evidence submitted', when(d.submitted_at));
  w.line('', { gap: 6 });
  w.line(`Reason: ${reason.label} (${reason.networkCode})`, { bold: true, size: 12 });
  w.line(reason.explanation, { gap: 6 });
  return reason;
}

async function notice(db: Db, merchantId: string, disputeId: string): Promise<Uint8Array> {
  const d = await factsOf(db, merchantId, disputeId);
  const doc = await PDFDocument.create();
  doc.setTitle(`Dispute notice ${d.id}`);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const reason = header(w, d, 'Notice of dispute');
  w.line('What wins this reason', { bold: true, size: 12 });
  w.line(reason.howToWin, { gap: 6 });
  w.line('Evidence checklist', { bold: true, size: 12 });
  for (const item of reason.checklist) w.line(`- ${item.label}`);
  w.line('', { gap: 6 });
  w.line(
    'The disputed amount and the dispute fee are held in your reserved balance until the dispute is decided. If you win, both are released; if you lose, accept the dispute, or do not answer by the due date, the amount goes back to the cardholder and the fee is charged.',
    { grey: true },
  );
  return doc.save();
}

async function submission(db: Db, storage: FileStorage, merchantId: string, disputeId: string): Promise<Uint8Array> {
  const d = await factsOf(db, merchantId, disputeId);
  const files = await storedEvidence(db, merchantId, disputeId);
  const doc = await PDFDocument.create();
  doc.setTitle(`Dispute evidence ${d.id}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, font, bold);
  header(w, d, d.submitted_at ? 'Evidence submitted' : 'Evidence (draft, not submitted)');
  for (const field of EVIDENCE_TEXT_FIELDS) {
    const text = d.evidence?.[field];
    if (!text) continue;
    w.line(EVIDENCE_TEXT_LABELS[field], { bold: true, size: 12 });
    w.line(text, { gap: 6 });
  }
  w.line(`Files (${files.length})`, { bold: true, size: 12 });
  for (const f of files)
    w.line(
      `- ${EVIDENCE_CATEGORY_LABELS[f.category as EvidenceCategory] ?? f.category}: ${f.fileName} (${Math.ceil(f.size / 1024)} KB)`,
    );
  for (const f of files) {
    const stored = await storage.get(f.storageKey);
    const bytes = stored ? await readAll(stored.body) : null;
    try {
      if (!bytes) throw new Error('missing');
      if (f.contentType === 'application/pdf') {
        const source = await PDFDocument.load(bytes, { ignoreEncryption: true });
        for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
      } else {
        const image = f.contentType === 'image/png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
        const page = doc.addPage(A4);
        page.drawText(pdfSafe(f.fileName), { x: MARGIN, y: A4[1] - MARGIN, size: 10, font });
        const scale = Math.min((A4[0] - 2 * MARGIN) / image.width, (A4[1] - 2 * MARGIN - 24) / image.height, 1);
        page.drawImage(image, {
          x: MARGIN,
          y: A4[1] - MARGIN - 24 - image.height * scale,
          width: image.width * scale,
          height: image.height * scale,
        });
      }
    } catch {
      const page = doc.addPage(A4);
      page.drawText(pdfSafe(`${f.fileName} could not be included in this bundle; download it on its own.`), {
        x: MARGIN,
        y: A4[1] - MARGIN,
        size: 10,
        font,
      });
    }
  }
  return doc.save();
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The document of a kind, with its download name. */
export async function disputeDocument(
  db: Db,
  storage: FileStorage,
  merchantId: string,
  disputeId: string,
  kind: DisputeDocumentKind,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const bytes =
    kind === 'NOTICE' ? await notice(db, merchantId, disputeId) : await submission(db, storage, merchantId, disputeId);
  return { bytes, fileName: `${disputeId}-${kind === 'NOTICE' ? 'notice' : 'evidence'}.pdf` };
}
