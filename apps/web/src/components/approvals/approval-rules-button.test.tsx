import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getMock, postMock } from '@/testing/mock-http';
import { APPROVAL_PATHS } from '@mbo/contracts/approvals';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import { ApprovalRulesButton } from './approval-rules-button';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  getMock.mockReset();
  postMock.mockReset();
});

async function openRules(thresholds: Record<string, number> = {}) {
  getMock.mockResolvedValue({ thresholds } as never);
  postMock.mockResolvedValue({ thresholds } as never);
  renderWithState(
    <ApprovalRulesButton currencies={['EUR', 'JPY']} />,
    testGlobalState({ permissions: { API_PAYOUT_APPROVE: true } }),
  );
  const button = screen.getByRole('button', { name: /Approval rules/ }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: 'Approval rules' });
}

describe('ApprovalRulesButton', () => {
  it('saves the typed amounts as exact minor units (a float would save 9007199254740991)', async () => {
    const dialog = await openRules();
    fireEvent.change(within(dialog).getByLabelText('EUR'), { target: { value: '90071992547409.90' } });
    fireEvent.change(within(dialog).getByLabelText('JPY'), { target: { value: '2,500.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postMock).toHaveBeenCalledTimes(1));
    expect(postMock.mock.calls[0][0]).toBe(APPROVAL_PATHS.updateRules);
    expect(postMock.mock.calls[0][1]).toEqual({ thresholds: { EUR: 9_007_199_254_740_990, JPY: 2_500 } });
  });

  it('shows the saved thresholds exactly and refuses too many decimals instead of rounding them', async () => {
    const dialog = await openRules({ EUR: 101, JPY: 1_500 });
    expect((within(dialog).getByLabelText('EUR') as HTMLInputElement).value).toBe('1.01');
    expect((within(dialog).getByLabelText('JPY') as HTMLInputElement).value).toBe('1500');
    fireEvent.change(within(dialog).getByLabelText('EUR'), { target: { value: '1.005' } });
    expect(await within(dialog).findByText('Use at most 2 decimals for EUR.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('JPY'), { target: { value: '12.5' } });
    expect(await within(dialog).findByText('No decimals. JPY has no minor unit.')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    expect(postMock).not.toHaveBeenCalled();
  });
});
