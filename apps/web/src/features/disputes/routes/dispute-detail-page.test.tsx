import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMock } from '@/testing/mock-http';
import { cleanup, screen, within } from '@testing-library/react';
import { DISPUTE_PATHS, type DisputeDetail } from '@mbo/contracts/disputes';
import { i18n } from '@/i18n/i18n';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import { setupUser } from '@/testing/user';
import DisputeDetailPage from './dispute-detail-page';

const DUE = new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString();
const DETAIL: DisputeDetail = {
  disputeId: 'DSP100',
  type: 'CHARGEBACK',
  status: 'EVIDENCE_REQUIRED',
  reason: 'PRODUCT_NOT_RECEIVED',
  paymentId: 'PAY200',
  merchantOrderNo: 'ORD-1',
  customerEmail: 'kim@example.com',
  amount: 12_999,
  fee: 1_500,
  currency: 'EUR',
  dueAt: DUE,
  createdAt: '2026-11-20T10:00:00.000Z',
  submittedAt: null,
  decidedAt: null,
  evidence: { shippingTracking: 'DHL 123' },
  files: [
    {
      fileId: 'DEF1',
      category: 'RECEIPT',
      fileName: 'receipt.pdf',
      contentType: 'application/pdf',
      size: 120_000,
      uploadedAt: '2026-11-21T10:00:00.000Z',
      uploadedBy: 'owner@demo.test',
    },
  ],
  events: [
    {
      type: 'OPENED',
      status: 'EVIDENCE_REQUIRED',
      note: 'Chargeback opened',
      actor: 'Card network',
      at: '2026-11-20T10:00:00.000Z',
    },
  ],
  payment: {
    paymentId: 'PAY200',
    amount: 12_999,
    currency: 'EUR',
    status: 'SUCCESS',
    customerEmail: 'kim@example.com',
    cardBin: '424242',
    cardLast4: '4242',
    payMethodName: 'VISA',
    createdAt: '2026-11-18T10:00:00.000Z',
  },
  fundingSource: 'AVAILABLE',
  settlementId: null,
  editable: true,
};

const ALL = { API_DISPUTES_UPDATE: true, API_DISPUTES_UPLOAD: true, API_DISPUTES_DOWNLOAD: true };
const renderAs = (permissions: Record<string, boolean>, detail: DisputeDetail = DETAIL) => {
  getMock.mockResolvedValue(detail);
  return renderWithState(
    <DisputeDetailPage />,
    testGlobalState({ permissions, hasPermission: (c) => !!permissions[c] }),
    '/transactions/disputes/detail?disputeId=DSP100',
  );
};

afterEach(() => {
  cleanup();
  getMock.mockReset();
});
vi.setConfig({ testTimeout: 30_000 });

describe('DisputeDetailPage', () => {
  it('shows the reason with its checklist ticked by the evidence, the countdown, the hold and the actions', async () => {
    renderAs(ALL);
    expect(await screen.findByRole('heading', { level: 1, name: '129.99\u00a0EUR' })).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(
      DISPUTE_PATHS.detail,
      { disputeId: 'DSP100' },
      expect.objectContaining({ showErrorMessage: false }),
    );
    expect(screen.getByText(/^Your answer is needed \(2 days/)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^2 days (0|1) hours? left$/);
    const checklist = screen.getByRole('list', { name: 'Evidence checklist' });
    expect(within(checklist).getAllByLabelText('Provided')).toHaveLength(2); // tracking (text) and receipt (file)
    expect(within(checklist).getAllByLabelText('Missing')).toHaveLength(2);
    expect(screen.getByText('Your available balance')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit evidence' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Accept dispute' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Download receipt.pdf' })).toBeTruthy();
  });

  it('lets a viewer read and download but change nothing, saying why', async () => {
    renderAs({ API_DISPUTES_DOWNLOAD: true });
    await screen.findByRole('heading', { level: 1, name: '129.99\u00a0EUR' });
    for (const name of ['Submit evidence', 'Accept dispute', 'Save draft']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(screen.getAllByText('Your role cannot change disputes.').length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: 'Download receipt.pdf' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a submitted dispute locked, and a won one as released', async () => {
    renderAs(ALL, {
      ...DETAIL,
      status: 'UNDER_REVIEW',
      editable: false,
      dueAt: null,
      submittedAt: '2026-11-22T10:00:00.000Z',
    });
    expect((await screen.findAllByText('Evidence submitted')).length).toBeGreaterThan(0);
    expect(screen.getByText(/card network is reviewing/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit evidence' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    cleanup();
    renderAs(ALL, { ...DETAIL, status: 'WON', editable: false, dueAt: null, decidedAt: '2026-11-23T10:00:00.000Z' });
    expect(await screen.findByText('You won this dispute')).toBeTruthy();
    expect(screen.getByText(/144\.99.EUR was released/)).toBeTruthy();
  });

  it('keeps Accept dispute, which cannot be undone, in a section of its own, apart from Save draft', async () => {
    renderAs(ALL);
    const accept = await screen.findByRole('region', { name: 'Accept the dispute' });
    expect(within(accept).getByRole('button', { name: 'Accept dispute' })).toBeTruthy();
    expect(within(accept).getByText(/This cannot be undone/)).toBeTruthy();
    expect(within(accept).queryByRole('button', { name: 'Save draft' })).toBeNull();
    const save = screen.getByRole('button', { name: 'Save draft' });
    expect(accept.contains(save)).toBe(false);
  });

  it('says at the evidence, tied to its controls, that a submit has no evidence (no confirmation opens)', async () => {
    const user = setupUser();
    renderAs(ALL, { ...DETAIL, evidence: {}, files: [] });
    await user.click(await screen.findByRole('button', { name: 'Submit evidence' }));
    const error = screen.getByText(/Add a file or write your answer/);
    expect(error.getAttribute('role')).toBe('alert');
    // No category chosen yet, so the upload button waits: the error is tied to the category, which has focus.
    const category = screen.getByRole('combobox', { name: 'Evidence category' });
    expect(category.getAttribute('aria-invalid')).toBe('true');
    expect(category.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(category);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says at the evidence that a chosen file is empty, and keeps focus on the upload button', async () => {
    const user = setupUser();
    renderAs(ALL);
    await user.click(await screen.findByRole('combobox', { name: 'Evidence category' }));
    await user.click((await screen.findAllByTitle('Customer communication')).at(-1)!);
    const upload = screen.getByRole('button', { name: /Upload file/ });
    const input = document.querySelector<HTMLInputElement>('.mbo-dispute-upload input[type="file"]')!;
    await user.upload(input, new File([], 'empty.pdf', { type: 'application/pdf' }));
    const error = await screen.findByText('The file is empty.');
    expect(error.getAttribute('role')).toBe('alert');
    expect(upload.getAttribute('aria-invalid')).toBe('true');
    expect(upload.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(upload);
  });
});

describe('DisputeDetailPage in Simplified Chinese', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('speaks Chinese: the reason, its checklist, the countdown and the actions', async () => {
    getMock.mockResolvedValue(DETAIL);
    const permissions = { API_DISPUTES_UPDATE: true, API_DISPUTES_UPLOAD: true, API_DISPUTES_DOWNLOAD: true };
    renderWithState(
      <DisputeDetailPage />,
      testGlobalState({ permissions, hasPermission: (c) => !!permissions[c as keyof typeof permissions] }),
      '/transactions/disputes/detail?disputeId=DSP100',
    );
    expect(await screen.findByText('证据清单', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('物流承运商及运单号')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^剩余 2 天/);
    expect(screen.getByRole('button', { name: '提交证据' })).toBeTruthy();
    expect(screen.getByText('操作人：卡组织', { exact: false })).toBeTruthy();
  });
});
