import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PATHS } from '@mbo/contracts/reports';
import { call, createTestApp, loginAs, type TestApp } from '../../test/harness';
import { hasText, t as translate } from '../../lib/i18n/i18n';
import './builtin-types';
import { columnHeader, exportType, registeredExportTypes } from './export-types';
import { parseCsv, readXlsx, waitForExport } from './reports-test-helpers';

const FROM = '2024-03-01T00:00:00.000Z';
const TO = '2024-03-31T23:59:59.999Z';
const COLUMNS = ['paymentId', 'createdAt', 'amount', 'status'];

describe('the headers of an export file, in the language of whoever asked for it', () => {
  it('has a name for every column of every export type in both languages, the English one its definition label', () => {
    expect(registeredExportTypes().length).toBeGreaterThan(10);
    for (const type of registeredExportTypes()) {
      for (const column of exportType(type)!.columns) {
        const key = `exports:columns.${type}.${column.key}`;
        expect(hasText(key, 'zh-CN'), key).toBe(true);
        expect(translate(key, 'en'), key).toBe(column.label);
      }
    }
  });

  it('names the zone of a time column in either language', () => {
    const column = exportType('PAYMENTS')!.columns.find((c) => c.key === 'createdAt')!;
    const ctx = { timeZone: 'Asia/Shanghai' };
    expect(columnHeader('PAYMENTS', column, ctx, 'en')).toBe('Created at (Asia/Shanghai)');
    expect(columnHeader('PAYMENTS', column, ctx, 'zh-CN')).toBe('创建时间（Asia/Shanghai）');
  });

  describe('through the report centre', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp();
    });
    afterAll(async () => {
      await testApp.close();
    });

    async function download(
      cookie: string,
      format: 'CSV' | 'XLSX',
      acceptLanguage?: string,
    ): Promise<{ body: Buffer; status: string }> {
      const created = await testApp.app.inject({
        method: 'POST',
        url: REPORT_PATHS.create,
        headers: { cookie, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
        payload: { type: 'PAYMENTS', format, timeZone: 'UTC', createdFrom: FROM, createdTo: TO, columns: COLUMNS },
      });
      expect(created.json().code, created.json().msg).toBe('000000');
      const done = await waitForExport(testApp.app, cookie, created.json().data.exportId);
      const res = await testApp.app.inject({
        method: 'GET',
        url: REPORT_PATHS.download,
        query: { exportId: done.exportId },
        headers: { cookie },
      });
      return { body: res.rawPayload, status: done.status };
    }

    const csvHeader = (body: Buffer) => parseCsv(body.toString('utf8').slice(1))[0];

    it("writes a Chinese user's CSV and XLSX headers in Chinese, whatever language the browser sends", async () => {
      const zh = await loginAs(testApp.app, 'zh@demo.test');
      const csv = await download(zh, 'CSV', 'en-US');
      expect(csv.status).toBe('SUCCESS');
      expect(csvHeader(csv.body)).toEqual(['支付 ID', '创建时间（UTC）', '金额', '状态']);
      const xlsx = await download(zh, 'XLSX');
      expect((await readXlsx(xlsx.body))[0]).toEqual(['支付 ID', '创建时间（UTC）', '金额', '状态']);
    });

    it("keeps an English user's headers as they were; a user who chose no language gets the browser's", async () => {
      const owner = await loginAs(testApp.app, 'owner@demo.test');
      const english = ['Payment ID', 'Created at (UTC)', 'Amount', 'Status'];
      expect(csvHeader((await download(owner, 'CSV')).body)).toEqual(english);
      expect(csvHeader((await download(owner, 'CSV', 'zh-CN,zh;q=0.9')).body)).toEqual([
        '支付 ID',
        '创建时间（UTC）',
        '金额',
        '状态',
      ]);
    });

    it('names the columns the export form offers in the caller language', async () => {
      const zh = await loginAs(testApp.app, 'zh@demo.test');
      const res = await call(testApp.app, 'GET', REPORT_PATHS.columns, { cookie: zh, query: { type: 'REFUNDS' } });
      expect(res.body.data.columns.slice(0, 2)).toEqual([
        { key: 'refundId', label: '退款 ID', default: true },
        { key: 'paymentId', label: '支付 ID', default: true },
      ]);
    });
  });
});
