/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { PaymentDetail, PaymentPage } from './payments';
import type { paymentDetailSchema, paymentPageSchema } from './payments-schemas';
import type { MenuItem } from './usercenter';

/**
 * One contract source for answers too: what a back-office call answers in `data` is a zod schema
 * (the server writes the answer through it), and its type is inferred from that schema, never
 * written a second time as an interface beside it.
 */
const SRC = path.dirname(new URL(import.meta.url).pathname);
const plainFiles = fs
  .readdirSync(SRC)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('-schemas.ts') && !f.endsWith('.test.ts'));

describe('answer types', () => {
  it('declares no answer type as an interface: records, details, pages and responses are inferred from their schemas', () => {
    // (Generic shapes such as Page<T> and the merchant API's ApiList<T> are not answers of their own.)
    const written: string[] = [];
    for (const file of plainFiles) {
      const text = fs.readFileSync(path.join(SRC, file), 'utf8');
      for (const [, name] of text.matchAll(
        /^export interface (\w+(?:Record|Detail|Page|Response|Summary|List|Result|Config|Answer))(?=\s*(?:extends\b|\{))/gm,
      ))
        written.push(`${file}: ${name}`);
    }
    expect(written).toEqual([]);
  });

  it('infers the answer types from the schemas (checked by tsc)', () => {
    expectTypeOf<PaymentDetail>().toEqualTypeOf<z.infer<typeof paymentDetailSchema>>();
    expectTypeOf<PaymentPage['records'][number]['status']>().toEqualTypeOf<
      'PENDING' | 'SUCCESS' | 'FAILED' | 'CANCELLED'
    >();
    expectTypeOf<PaymentPage>().toEqualTypeOf<z.infer<typeof paymentPageSchema>>();
    expectTypeOf<MenuItem['childMenus'][number]>().toEqualTypeOf<MenuItem>();
  });
});
