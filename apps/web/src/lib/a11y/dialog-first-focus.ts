/**
 * Where focus lands when a dialog opens: on its first field (or what the dialog marks with
 * `data-autofocus`), else on its first control of the body, else on its primary button — never on
 * the Close (×) button that antd's focus lock picks because it comes first in the DOM. One listener
 * for the whole app covers every Modal, Drawer and Modal.confirm (installed beside the Tab wrap in
 * main.tsx). Focus going back to what opened the dialog is antd's own (focusTriggerAfterClose); the
 * menus that open dialogs give focus back to their button first (components/menu-button.tsx).
 *
 * A dialog's author who put first focus somewhere on purpose (a confirm's OK button, an input's
 * autoFocus) keeps it: only a first focus on the Close button or on a container (tabindex -1, the
 * panel antd focuses) is moved.
 */
import { tabStops } from './dialog-tab-wrap';

const MODAL = '[role="dialog"][aria-modal="true"]';
const FIELD = [
  'input',
  'textarea',
  'select',
  '[role="combobox"]',
  '[role="radio"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="textbox"]',
  '[contenteditable="true"]',
].join(', ');
const CLOSE = '.ant-modal-close, .ant-drawer-close, [aria-label="Close"]';
const BODY = '.ant-modal-body, .ant-drawer-body';

/** The dialog a focus belongs to: the one around it, or the one inside the container antd focused. */
function dialogOf(target: HTMLElement): HTMLElement | null {
  const around = target.closest<HTMLElement>(MODAL);
  if (around) return around;
  return target.tabIndex < 0 ? target.querySelector<HTMLElement>(MODAL) : null;
}

const isClose = (el: HTMLElement) => el.matches(CLOSE) || !!el.closest(CLOSE);

/** The control a dialog should open on (null: none to prefer, leave focus where it is). */
export function firstFocusOf(dialog: HTMLElement): HTMLElement | null {
  const stops = tabStops(dialog).filter((el) => !isClose(el));
  const marked = stops.find((el) => el.matches('[data-autofocus], [autofocus]'));
  if (marked) return marked;
  const field = stops.find((el) => el.matches(FIELD));
  if (field) return field;
  const body = dialog.querySelector(BODY);
  const inBody = body ? stops.find((el) => body.contains(el)) : undefined;
  if (inBody) return inBody;
  return stops.find((el) => el.matches('.ant-btn-primary')) ?? stops[0] ?? null;
}

/** The dialogs open now whose first focus has been placed (forgotten once they are hidden). */
const placed = new Set<HTMLElement>();

function isShown(element: HTMLElement): boolean {
  return element.isConnected && element.getClientRects().length > 0;
}

function onFocusIn(event: FocusEvent): void {
  for (const dialog of placed) if (!isShown(dialog)) placed.delete(dialog);
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  const dialog = dialogOf(target);
  if (!dialog || placed.has(dialog)) return;
  placed.add(dialog);
  if (!isClose(target) && target.tabIndex >= 0) return;
  const first = firstFocusOf(dialog);
  if (first && first !== target) first.focus();
}

/** Moves the first focus of every dialog that opens onto its first field; returns the uninstaller. */
export function installDialogFirstFocus(target: Document = document): () => void {
  target.addEventListener('focusin', onFocusIn, true);
  return () => {
    target.removeEventListener('focusin', onFocusIn, true);
    placed.clear();
  };
}
