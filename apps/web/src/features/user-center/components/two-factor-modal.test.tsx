import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMock } from '@/testing/mock-http';
import { useState } from 'react';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { USERCENTER_PATHS, type CurrentUser, type TwoFactorSetup } from '@mbo/contracts/usercenter';
import { GlobalStateContext } from '@/lib/global-state';
import { ApiError } from '@/lib/http/request';
import { renderWithState, testGlobalState, TEST_USER } from '@/testing/render-with-state';
import { setupUser } from '@/testing/user';
import TwoFactorModal from './two-factor-modal';

vi.mock('@/lib/http/download', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/http/download')>()),
  saveBlob: vi.fn(),
}));
const { saveBlob } = await import('@/lib/http/download');

const OFF: CurrentUser = { ...TEST_USER, twoFactorEnabled: false, twoFactorSetupRequired: false };
const ON: CurrentUser = { ...OFF, twoFactorEnabled: true };
const SETUP: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Demo:owner%40demo.test?secret=JBSWY3DPEHPK3PXP&issuer=Demo',
  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcd${i}`);
const writeText = vi.fn(async () => undefined);

/** The server: setup, enable and disable answer `answers` (a function may throw). */
function answer(answers: Partial<Record<string, () => unknown>>) {
  postMock.mockImplementation(async (url: string) => {
    const reply = answers[url];
    if (!reply) throw new Error(`unexpected call ${url}`);
    return reply() as never;
  });
}

function renderModal(user: CurrentUser) {
  const reload = vi.fn(async () => undefined);
  const onClose = vi.fn();
  renderWithState(<TwoFactorModal open onClose={onClose} />, testGlobalState({ user, reload }));
  return { reload, onClose };
}

/** user-event puts its own clipboard in place; the test's goes over it. */
function setUpUser() {
  const user = setupUser();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return user;
}
afterEach(() => {
  cleanup();
  postMock.mockReset();
  writeText.mockClear();
  vi.mocked(saveBlob).mockClear();
});

describe('TwoFactorModal: turning it on', () => {
  it('explains, sets up, scans, confirms a code, shows the recovery codes once, then reloads the user', async () => {
    answer({
      [USERCENTER_PATHS.twoFactorSetup]: () => SETUP,
      [USERCENTER_PATHS.twoFactorEnable]: () => ({ recoveryCodes: CODES }),
    });
    const { reload, onClose } = renderModal(OFF);
    const user = setUpUser();

    expect(await screen.findByText(/Two-factor sign-in adds a second step/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    const qr = await screen.findByAltText('QR code for your authenticator app');
    expect(qr.getAttribute('src')).toBe(SETUP.qrDataUrl);
    expect(postMock).toHaveBeenCalledWith(USERCENTER_PATHS.twoFactorSetup, undefined, { showErrorMessage: false });
    expect(screen.getByText("Can't scan? Enter this key")).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open it in your authenticator app' }).getAttribute('href')).toBe(
      SETUP.otpauthUrl,
    );
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');

    const code = screen.getByLabelText('Code from the app') as HTMLInputElement;
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(postMock).toHaveBeenCalledWith(
      USERCENTER_PATHS.twoFactorEnable,
      { code: '123456' },
      { showErrorMessage: false },
    );
    expect(screen.getByText('Save your recovery codes now. They are shown only once.')).toBeTruthy();
    // Shown once: the modal closes only through Done.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenLastCalledWith(CODES.join('\n'));
    await user.click(screen.getByRole('button', { name: 'Download .txt' }));
    const [blob, filename] = vi.mocked(saveBlob).mock.calls[0];
    expect(filename).toBe('recovery-codes.txt');
    expect(await blob.text()).toContain(CODES[9]);

    const done = screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    expect(done.disabled).toBe(false);
    await user.click(done);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays on a wrong code: clears the field and shows the message', async () => {
    answer({
      [USERCENTER_PATHS.twoFactorSetup]: () => SETUP,
      [USERCENTER_PATHS.twoFactorEnable]: () => {
        throw new ApiError(
          'The code is not correct or has been used. Enter the current code from your authenticator app.',
          '002001B039',
          200,
        );
      },
    });
    const { reload } = renderModal(OFF);
    const user = setUpUser();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    await user.type(await screen.findByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The code is not correct or has been used.');
    expect((screen.getByLabelText('Code from the app') as HTMLInputElement).value).toBe('');
    expect(screen.getByAltText('QR code for your authenticator app')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('checks the code has 6 digits before calling the server', async () => {
    answer({ [USERCENTER_PATHS.twoFactorSetup]: () => SETUP });
    renderModal(OFF);
    const user = setUpUser();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    await user.type(await screen.findByLabelText('Code from the app'), '12a3');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code has 6 digits.')).toBeTruthy();
    expect(postMock).toHaveBeenCalledTimes(1); // setup only
  });

  it('says so when set-up cannot start, and can try again', async () => {
    answer({
      [USERCENTER_PATHS.twoFactorSetup]: () => {
        throw new ApiError('Two-factor sign-in is already on.', '002001B042', 200);
      },
    });
    renderModal(OFF);
    const user = setUpUser();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Two-factor sign-in is already on.');
    expect(screen.getByRole('button', { name: 'Set up' })).toBeTruthy();
  });

  it('keeps the recovery codes on screen even when a refresh of the user already says it is on', async () => {
    answer({
      [USERCENTER_PATHS.twoFactorSetup]: () => SETUP,
      [USERCENTER_PATHS.twoFactorEnable]: () => ({ recoveryCodes: CODES }),
    });
    let setUser!: (user: CurrentUser) => void;
    function Harness() {
      const [current, set] = useState(OFF);
      setUser = set;
      return (
        <GlobalStateContext.Provider value={testGlobalState({ user: current })}>
          <TwoFactorModal open onClose={() => {}} />
        </GlobalStateContext.Provider>
      );
    }
    renderWithState(<Harness />);
    const user = setUpUser();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    await user.type(await screen.findByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    // The global state refreshes (focus, interval) while the codes show, and says it is on.
    act(() => setUser(ON));
    expect(screen.getByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(screen.queryByText('Two-factor sign-in is on', { selector: 'h5' })).toBeNull();
  });
});

describe('TwoFactorModal: turning it off', () => {
  it('shows it is on and turns it off with a code, then reloads the user', async () => {
    answer({ [USERCENTER_PATHS.twoFactorDisable]: () => null });
    const { reload, onClose } = renderModal(ON);
    const user = setUpUser();
    expect(await screen.findByText('Two-factor sign-in is on', { selector: 'h5' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('Code from the app or a recovery code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(postMock).toHaveBeenCalledWith(
      USERCENTER_PATHS.twoFactorDisable,
      { code: '123456' },
      { showErrorMessage: false },
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('takes a recovery code too', async () => {
    answer({ [USERCENTER_PATHS.twoFactorDisable]: () => null });
    const { onClose } = renderModal(ON);
    const user = setUpUser();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('Code from the app or a recovery code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(postMock.mock.calls[0][1]).toEqual({ code: 'abcde-12345' });
  });

  it('shows the refusal when the merchant requires two-factor sign-in, and stays on', async () => {
    answer({
      [USERCENTER_PATHS.twoFactorDisable]: () => {
        throw new ApiError('Your merchant requires two-factor sign-in: it cannot be turned off.', '002001B042', 200);
      },
    });
    const { reload, onClose } = renderModal(ON);
    const user = setUpUser();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('Code from the app or a recovery code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your merchant requires two-factor sign-in: it cannot be turned off.',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('rejects something that is neither a code nor a recovery code without calling the server', async () => {
    renderModal(ON);
    const user = setUpUser();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('Code from the app or a recovery code'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(
      await screen.findByText('Enter the 6 digits from the app, or a recovery code like abcde-12345.'),
    ).toBeTruthy();
    expect(postMock).not.toHaveBeenCalled();
  });
});
