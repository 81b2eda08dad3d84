import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMock, postMock } from '@/testing/mock-http';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEAM_PATHS, type MerchantSecurity } from '@mbo/contracts/team';
import { renderWithState } from '@/testing/render-with-state';
import { i18n } from '@/i18n/i18n';
import { TeamSecurityCard, twoFactorUsageText } from './team-security-card';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const OPTIONAL: MerchantSecurity = {
  requireTwoFactor: false,
  canUpdate: true,
  activeMembers: 5,
  membersWithTwoFactor: 3,
};

afterEach(() => {
  cleanup();
  postMock.mockReset();
  getMock.mockReset();
});

describe('TeamSecurityCard', () => {
  it('asks before requiring two-factor sign-in, saying members without it must set it up first', async () => {
    getMock.mockResolvedValue(OPTIONAL as never);
    postMock.mockResolvedValue({ ...OPTIONAL, requireTwoFactor: true } as never);
    renderWithState(<TeamSecurityCard />);
    expect(await screen.findByText('optional')).toBeTruthy();
    expect(screen.getByText('3 of 5 active members use it')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Require two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Members without it must set it up at their next call before anything else/),
    ).toBeTruthy();
    expect(postMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Require it' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.updateSecurity,
        { requireTwoFactor: true },
        { showSuccessMessage: true },
      ),
    );
    // The card reads the rule again.
    await waitFor(() => expect(getMock).toHaveBeenCalledTimes(2));
  });

  it('makes it optional again without asking', async () => {
    getMock.mockResolvedValue({ ...OPTIONAL, requireTwoFactor: true } as never);
    postMock.mockResolvedValue(OPTIONAL as never);
    renderWithState(<TeamSecurityCard />);
    expect(await screen.findByText('required for every member')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: 'Require two-factor sign-in' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(postMock).toHaveBeenCalledWith(
        TEAM_PATHS.updateSecurity,
        { requireTwoFactor: false },
        { showSuccessMessage: true },
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the rule without a switch to a member who may not change it', async () => {
    getMock.mockResolvedValue({ ...OPTIONAL, canUpdate: false } as never);
    renderWithState(<TeamSecurityCard />);
    expect(await screen.findByText('optional')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

describe('twoFactorUsageText', () => {
  const t = i18n.getFixedT('en');
  it('counts in words that agree', () => {
    expect(twoFactorUsageText(t, 1, 1)).toBe('1 of 1 active member uses it');
    expect(twoFactorUsageText(t, 0, 4)).toBe('0 of 4 active members use it');
    expect(twoFactorUsageText(t, 1200, 1500)).toBe('1,200 of 1,500 active members use it');
  });
});
