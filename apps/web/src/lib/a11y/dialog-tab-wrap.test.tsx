import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installDialogTabWrap, tabStops, topmostDialog } from './dialog-tab-wrap';

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  cleanup();
});

// jsdom lays nothing out: give every element a box so "shown" means rendered.
Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
  configurable: true,
  value(this: HTMLElement) {
    return this.closest('[hidden]') ? [] : [{}];
  },
});

function Page() {
  return (
    <>
      <button>Refund</button>
      <div role="dialog" aria-modal="true" aria-label="Refund payment">
        <div tabIndex={-1}>panel</div>
        <input aria-label="Amount" />
        <input type="radio" name="mode" aria-label="Full" defaultChecked />
        <input type="radio" name="mode" aria-label="Partial" />
        <button disabled>Unavailable</button>
        <div aria-hidden="true" tabIndex={0}>
          sentinel
        </div>
        <button>Cancel</button>
        <button>Continue</button>
      </div>
    </>
  );
}

describe('dialog Tab wrap', () => {
  it('counts the Tab stops the browser would walk: enabled, shown, one per radio group', () => {
    render(<Page />);
    const dialog = topmostDialog();
    expect(dialog?.getAttribute('aria-label')).toBe('Refund payment');
    expect(tabStops(dialog!).map((el) => el.getAttribute('aria-label') ?? el.textContent)).toEqual([
      'Amount',
      'Full',
      'Cancel',
      'Continue',
    ]);
  });

  it('takes Tab from the last control to the first and Shift+Tab from the first to the last', () => {
    render(<Page />);
    uninstall = installDialogTabWrap(document);
    screen.getByRole('button', { name: 'Continue' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
  });

  it('brings focus from outside back into the dialog and leaves Tab between its controls to the browser', () => {
    render(<Page />);
    uninstall = installDialogTabWrap(document);
    screen.getByRole('button', { name: 'Refund' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
    const middle = fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(middle).toBe(true); // not prevented: the browser moves on to "Full"
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
  });

  it('does nothing without an open dialog', () => {
    render(<button>Alone</button>);
    uninstall = installDialogTabWrap(document);
    screen.getByRole('button', { name: 'Alone' }).focus();
    expect(fireEvent.keyDown(document.activeElement!, { key: 'Tab' })).toBe(true);
    expect(topmostDialog()).toBeNull();
  });
});
