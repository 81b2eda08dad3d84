import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { MerchantSummary } from '@mbo/contracts/usercenter';
import { renderWithState, testGlobalState, TEST_USER } from '@/testing/render-with-state';
import { useLinkedMerchant, type SwitchTo } from './use-linked-merchant';

const SUB: MerchantSummary = {
  merchantId: 'M200001',
  merchantName: 'Demo Store Berlin',
  merchantSignProducts: 'DIRECT_PAYMENT',
  parentMerchantId: TEST_USER.homeMerchantId,
  current: false,
};

/** Shows whether the page waits for a switch, and the address it is at. */
function Probe({ switchTo }: { switchTo: SwitchTo }) {
  const pending = useLinkedMerchant(switchTo);
  const location = useLocation();
  return <p data-testid="probe">{`${pending ? 'switching' : 'ready'} ${location.pathname}${location.search}`}</p>;
}

const probe = () => screen.getByTestId('probe').textContent;
const state = testGlobalState({ subMerchantList: [SUB] });

afterEach(cleanup);

describe('a link that names its merchant', () => {
  it('switches to a sub-merchant the user may act for, then opens the page without the parameter', async () => {
    const switchTo = vi.fn<SwitchTo>(async () => true);
    renderWithState(<Probe switchTo={switchTo} />, state, '/transactions/reports?merchantId=M200001&exportId=EXP1');
    expect(probe()).toBe('switching /transactions/reports?merchantId=M200001&exportId=EXP1');
    await waitFor(() => expect(switchTo).toHaveBeenCalledTimes(1));
    expect(switchTo).toHaveBeenCalledWith('M200001', 'Demo Store Berlin', '/transactions/reports?exportId=EXP1');
  });

  it('opens the page at once for the current merchant, the parameter dropped', async () => {
    const switchTo = vi.fn<SwitchTo>(async () => true);
    renderWithState(<Probe switchTo={switchTo} />, state, '/transactions/reports?merchantId=M100001&exportId=EXP1');
    await waitFor(() => expect(probe()).toBe('ready /transactions/reports?exportId=EXP1'));
    expect(switchTo).not.toHaveBeenCalled();
  });

  it('opens the page as it is for a merchant the user may not act for: the page says what it cannot show', async () => {
    const switchTo = vi.fn<SwitchTo>(async () => true);
    renderWithState(<Probe switchTo={switchTo} />, state, '/transactions/reports?merchantId=M999999&tab=schedules');
    await waitFor(() => expect(probe()).toBe('ready /transactions/reports?tab=schedules'));
    expect(switchTo).not.toHaveBeenCalled();
  });

  it('opens the page when the switch is refused (access narrowed since the list was loaded)', async () => {
    const switchTo = vi.fn<SwitchTo>(async () => false);
    renderWithState(<Probe switchTo={switchTo} />, state, '/transactions/reports?merchantId=M200001&exportId=EXP1');
    await waitFor(() => expect(probe()).toBe('ready /transactions/reports?exportId=EXP1'));
    expect(switchTo).toHaveBeenCalledTimes(1);
  });
});
