import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { firstFocusOf, installDialogFirstFocus } from './dialog-first-focus';

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  cleanup();
});

// jsdom lays nothing out: give every element a box so "shown" means rendered.
Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
  configurable: true,
  value(this: HTMLElement) {
    return this.closest('[hidden]') ? [] : [{}];
  },
});

function Dialog({ children }: { children: React.ReactNode }) {
  return (
    <div role="dialog" aria-modal="true" aria-label="Dialog" tabIndex={-1}>
      <button className="ant-modal-close" aria-label="Close">
        ×
      </button>
      <div className="ant-modal-body">{children}</div>
      <div>
        <button>Cancel</button>
        <button className="ant-btn-primary">Save</button>
      </div>
    </div>
  );
}

describe('firstFocusOf', () => {
  it('is the first field, not the Close button', () => {
    render(
      <Dialog>
        <a href="#help">Help</a>
        <input aria-label="Amount" />
      </Dialog>,
    );
    expect(firstFocusOf(screen.getByRole('dialog'))).toBe(screen.getByLabelText('Amount'));
  });

  it('is what the dialog marks with data-autofocus, before any field', () => {
    render(
      <Dialog>
        <input aria-label="Amount" />
        <button data-autofocus>Copy</button>
      </Dialog>,
    );
    expect(firstFocusOf(screen.getByRole('dialog'))).toBe(screen.getByRole('button', { name: 'Copy' }));
  });

  it('without a field: the first control of the body, else the primary button', () => {
    const { rerender } = render(
      <Dialog>
        <a href="#more">More</a>
      </Dialog>,
    );
    expect(firstFocusOf(screen.getByRole('dialog'))).toBe(screen.getByRole('link', { name: 'More' }));
    rerender(<Dialog>Nothing to fill.</Dialog>);
    expect(firstFocusOf(screen.getByRole('dialog'))).toBe(screen.getByRole('button', { name: 'Save' }));
  });
});

describe('installDialogFirstFocus', () => {
  it('moves a first focus on the Close button or on the panel to the first field, once per opening', () => {
    uninstall = installDialogFirstFocus(document);
    render(
      <Dialog>
        <input aria-label="Amount" />
        <input aria-label="Reason" />
      </Dialog>,
    );
    screen.getByRole('button', { name: 'Close' }).focus();
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
    // Later moves are the user's: Close stays focused when they go there.
    screen.getByRole('button', { name: 'Close' }).focus();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('keeps a first focus the dialog chose on purpose (a confirm focusing its OK button)', () => {
    uninstall = installDialogFirstFocus(document);
    render(
      <Dialog>
        <input aria-label="Amount" />
      </Dialog>,
    );
    screen.getByRole('button', { name: 'Save' }).focus();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });

  it('opens an antd Modal on its first field, and focus goes back to the opener when it closes', async () => {
    uninstall = installDialogFirstFocus(document);
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <App>
          <Button onClick={() => setOpen(true)}>Invite member</Button>
          <Modal
            open={open}
            title="Invite member"
            onCancel={() => setOpen(false)}
            transitionName=""
            maskTransitionName=""
          >
            <Form>
              <Form.Item label="Email" name="email">
                <Input />
              </Form.Item>
            </Form>
          </Modal>
        </App>
      );
    }
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Invite member' });
    opener.focus();
    opener.click();
    const email = await screen.findByLabelText('Email');
    await expect.poll(() => document.activeElement).toBe(email);
    screen.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => document.activeElement).toBe(opener);
  });
});
