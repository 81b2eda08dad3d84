import { afterEach, describe, expect, it } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { APPROVAL_PATHS } from '@mbo/contracts/approvals';
import { globalStateKeys, sharedKeys } from '@/lib/query-keys';
import { invalidatedOf, seedCache } from '@/testing/cache-probe';
import { newTestQueryClient, renderWithState, testGlobalState } from '@/testing/render-with-state';
import { ApprovalActions } from './approval-actions';
import { approvalKeys } from './approvals-api';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  postMock.mockReset();
});

const CHECKER = testGlobalState({ permissions: { API_PAYOUT_APPROVE: true } });
const LIST = { pageNum: 1, pageSize: 20 };

describe('ApprovalActions', { timeout: 20_000 }, () => {
  it('approving a payout refreshes the payouts, the held money and the approvals, not the withdrawals or the session', async () => {
    postMock.mockResolvedValue(null);
    const queryClient = newTestQueryClient();
    const changed = [
      [...sharedKeys.payouts, 'list', LIST],
      [...sharedKeys.payouts, 'detail', 'PO1'],
      sharedKeys.balances,
      [...sharedKeys.balanceTransactions, 'list', LIST],
      sharedKeys.withdrawConfig,
      approvalKeys.pending(),
      [...sharedKeys.auditLog, 'list', LIST],
    ];
    const untouched = [
      [...sharedKeys.withdrawals, 'list', LIST],
      [...sharedKeys.payments, 'list', LIST],
      approvalKeys.rules(),
      globalStateKeys.currentUser(),
      globalStateKeys.permissions('API_PAYOUT_APPROVE'),
    ];
    seedCache(queryClient, [...changed, ...untouched]);
    renderWithState(
      <ApprovalActions kind="PAYOUT" id="PO1" createdBy="maker@demo.test" what="the payout of 100.00 EUR" />,
      CHECKER,
      undefined,
      queryClient,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve' })));
    expect(postMock).toHaveBeenCalledWith(APPROVAL_PATHS.approve, { kind: 'PAYOUT', id: 'PO1' }, expect.anything());
    await waitFor(() => expect(invalidatedOf(queryClient, changed)).toEqual(changed));
    expect(invalidatedOf(queryClient, untouched)).toEqual([]);
  });

  it('rejecting a withdrawal refreshes the withdrawals, not the payouts', async () => {
    postMock.mockResolvedValue(null);
    const queryClient = newTestQueryClient();
    const withdrawals = [[...sharedKeys.withdrawals, 'list', LIST], sharedKeys.withdrawConfig, sharedKeys.balances];
    const payouts = [[...sharedKeys.payouts, 'list', LIST]];
    seedCache(queryClient, [...withdrawals, ...payouts]);
    renderWithState(
      <ApprovalActions kind="WITHDRAWAL" id="WDR1" createdBy="maker@demo.test" what="the withdrawal of 100.00 EUR" />,
      CHECKER,
      undefined,
      queryClient,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this order?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' })));
    expect(postMock).toHaveBeenCalledWith(APPROVAL_PATHS.reject, { kind: 'WITHDRAWAL', id: 'WDR1' }, expect.anything());
    await waitFor(() => expect(invalidatedOf(queryClient, withdrawals)).toEqual(withdrawals));
    expect(invalidatedOf(queryClient, payouts)).toEqual([]);
  });
});
