/**
 * Tab and Shift+Tab stay inside the open modal dialog: from its last control to its first and back.
 * antd's own trap pulls focus back only after it has left, so Tab from a dialog's last control went
 * to the browser's toolbar first. One listener for the whole app covers every Modal and Drawer.
 */

const MODAL = '[role="dialog"][aria-modal="true"]';
const FOCUSABLE = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  '[tabindex]',
  '[contenteditable="true"]',
].join(', ');

function isShown(element: Element): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/** The dialog a keypress belongs to: the last open one (dialogs open on top of earlier ones). */
export function topmostDialog(doc: Document = document): HTMLElement | null {
  const open = [...doc.querySelectorAll<HTMLElement>(MODAL)].filter(isShown);
  return open.at(-1) ?? null;
}

/** A radio the browser skips: another of its group is checked, and Tab stops on that one only. */
function isSkippedRadio(el: HTMLElement, dialog: HTMLElement): boolean {
  if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || el.checked || !el.name) return false;
  return [...dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]')].some(
    (r) => r.name === el.name && r.checked,
  );
}

/** The dialog's controls in Tab order (tabindex ≥ 0, enabled, shown, not hidden from assistive technology). */
export function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !isSkippedRadio(el, dialog) &&
      !(el as HTMLButtonElement).disabled &&
      !el.closest('[aria-hidden="true"], [inert]') &&
      !(el instanceof HTMLInputElement && el.type === 'hidden') &&
      isShown(el),
  );
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const dialog = topmostDialog();
  if (!dialog) return;
  const stops = tabStops(dialog);
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && dialog.contains(active);
  if (stops.length === 0) {
    event.preventDefault();
    return;
  }
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (event.shiftKey && (!inside || active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/** Wraps Tab inside the topmost open dialog; returns the uninstaller. */
export function installDialogTabWrap(target: Document = document): () => void {
  target.addEventListener('keydown', onKeyDown, true);
  return () => target.removeEventListener('keydown', onKeyDown, true);
}
