/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Currency } from './money';
import type { CreatePaymentLinkRequest, ListPaymentLinksQuery, ListPaymentLinksRequest } from './payment-links';
import type { ListPaymentsQuery, ListPaymentsRequest, PaymentFilters, PaymentStatus } from './payments';
import type { CreateRefundRequest, RefundReason } from './refunds';
import type { CreateExportRequest } from './reports';
import type { LoginHistoryListRequest } from './usercenter';

/**
 * One contract source (ARCHITECTURE.md): a call's request type is inferred from its zod schema, not
 * written a second time beside it, and the plain files (which the web app bundles) reach zod and the
 * schemas through type-only imports only, which the build erases.
 */
const SRC = path.dirname(new URL(import.meta.url).pathname);
const schemaFiles = fs.readdirSync(SRC).filter((f) => f.endsWith('-schemas.ts') && f !== 'common-schemas.ts');
const plainFiles = fs
  .readdirSync(SRC)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('-schemas.ts') && !f.endsWith('.test.ts'));
const read = (file: string) => fs.readFileSync(path.join(SRC, file), 'utf8');

/**
 * The request schemas a schemas file exports: `export const xxxRequest = …` and `xxxFiltersSchema` /
 * `pageRequestSchema`.
 */
function requestSchemas(file: string): string[] {
  return [...read(file).matchAll(/^export const (\w+(?:Request|FiltersSchema|RequestSchema))\b/gm)].map((m) => m[1]);
}

describe('contract types', () => {
  it('infers every request type from its schema instead of writing it twice, importing zod and the schemas as types only', () => {
    const missing: string[] = [];
    for (const file of schemaFiles) {
      const plain = read(file.replace('-schemas.ts', '.ts'));
      for (const schema of requestSchemas(file))
        if (!plain.includes(`typeof ${schema}>`)) missing.push(`${file}: ${schema}`);
    }
    expect(schemaFiles.length).toBeGreaterThanOrEqual(6);
    expect(missing).toEqual([]);
    for (const file of plainFiles) expect(read(file), file).not.toMatch(/^export interface \w+Request\b/m);
    // ...and through type-only imports, which the build erases: no zod in the web bundle.
    for (const file of plainFiles) {
      for (const [statement] of read(file).matchAll(/^import\b[^;]*?from '(?:zod|\.\/[\w-]+-schemas)';/gms)) {
        expect(statement, `${file}: ${statement}`).toMatch(/^import type /);
      }
    }
    expect(read('money.ts')).not.toMatch(/from 'zod'/);
  });

  it('gives callers the precise types the schemas check (checked by tsc)', () => {
    expectTypeOf<CreateRefundRequest['reason']>().toEqualTypeOf<RefundReason>();
    expectTypeOf<CreatePaymentLinkRequest['currency']>().toEqualTypeOf<Currency>();
    expectTypeOf<PaymentFilters['currency']>().toEqualTypeOf<Currency | undefined>();
    expectTypeOf<PaymentFilters['status']>().toEqualTypeOf<PaymentStatus[] | undefined>();
    // Defaults: optional for the caller, present after validation.
    expectTypeOf<ListPaymentsRequest['pageNum']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ListPaymentsQuery['pageNum']>().toEqualTypeOf<number>();
    expectTypeOf<ListPaymentLinksRequest['sort']>().toEqualTypeOf<ListPaymentLinksQuery['sort'] | undefined>();
    expectTypeOf<CreateExportRequest['columns']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<LoginHistoryListRequest['pageSize']>().toEqualTypeOf<number | undefined>();
  });
});
