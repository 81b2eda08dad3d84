import { afterEach, describe, expect, it } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { USERCENTER_PATHS, type LoginHistoryRecord } from '@mbo/contracts/usercenter';
import { renderWithState } from '@/testing/render-with-state';
import { setupUser } from '@/testing/user';
import LoginHistoryModal from './login-history-modal';

const RECORDS: LoginHistoryRecord[] = [
  {
    id: 'h2',
    loginTime: '2026-03-02T10:00:00.000Z',
    ip: '203.0.113.9',
    device:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    result: 'FAILURE',
    failReason: 'WRONG_PASSWORD',
  },
  {
    id: 'h1',
    loginTime: '2026-03-01T01:02:03.000Z',
    ip: '198.51.100.7',
    device:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    result: 'SUCCESS',
    failReason: null,
  },
];

const jsdomMatchMedia = window.matchMedia;
/** Pretends the screen is wide (every min-width query matches) or a phone (none does). */
function setScreen(wide: boolean) {
  window.matchMedia = (query: string) => ({ ...jsdomMatchMedia(query), matches: wide, media: query });
}

afterEach(() => {
  cleanup();
  postMock.mockReset();
  window.matchMedia = jsdomMatchMedia;
});

describe('LoginHistoryModal', () => {
  it('lists logins with the time in the user zone, IP, a short device, result and reason', async () => {
    setScreen(true);
    postMock.mockResolvedValue({ total: 2, records: RECORDS });
    renderWithState(<LoginHistoryModal open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('2026-03-01 09:02:03')).toBeTruthy();
    expect(within(dialog).getByText('2026-03-02 18:00:00')).toBeTruthy();
    expect(within(dialog).getAllByText('Asia/Singapore (GMT+08:00)').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('203.0.113.9')).toBeTruthy();
    expect(within(dialog).getByText('Chrome on Windows')).toBeTruthy();
    expect(within(dialog).getByText('Safari on iPhone')).toBeTruthy();
    expect(within(dialog).getByText('Failed', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(dialog).getByText('Wrong password')).toBeTruthy();
    expect(postMock).toHaveBeenCalledWith(USERCENTER_PATHS.loginHistoryList, {
      pageNum: 1,
      pageSize: 10,
      result: undefined,
    });
  });

  it('folds IP, device and reason under the time on a phone', async () => {
    setScreen(false);
    postMock.mockResolvedValue({ total: 2, records: RECORDS });
    renderWithState(<LoginHistoryModal open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('2026-03-01 09:02:03')).toBeTruthy();
    expect(within(dialog).getByText('203.0.113.9 · Chrome on Windows')).toBeTruthy();
    expect(within(dialog).getByText('Wrong password')).toBeTruthy();
    expect(within(dialog).queryByText('IP address')).toBeNull();
  });

  it('filters by result on the server, from page 1', async () => {
    postMock.mockResolvedValue({ total: 2, records: RECORDS });
    const user = setupUser();
    renderWithState(<LoginHistoryModal open onClose={() => {}} />);
    await screen.findByText('2026-03-01 09:02:03');
    await user.click(screen.getByText('Failed', { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(postMock).toHaveBeenLastCalledWith(USERCENTER_PATHS.loginHistoryList, {
        pageNum: 1,
        pageSize: 10,
        result: 'FAILURE',
      }),
    );
  });

  it('asks for nothing while closed', () => {
    renderWithState(<LoginHistoryModal open={false} onClose={() => {}} />);
    expect(postMock).not.toHaveBeenCalled();
  });
});
