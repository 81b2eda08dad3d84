/**
 * antd icons render as `<span role="img" aria-label="rollback">`, so a button with an icon and the word
 * "Refund" is announced "rollback Refund", and a back link "arrow-left Payments". Inside a control
 * that has a name of its own (its text, aria-label, aria-labelledby or title) an icon is decoration:
 * this marks it aria-hidden. An icon-only control keeps its icon's name. One observer for the whole
 * app, so no screen has to remember it.
 */

const UNMARKED_ICON = '.anticon[role="img"]:not([aria-hidden])';
const CONTROL = [
  'button',
  'a[href]',
  'label',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="menuitem"]',
  '[role="tab"]',
  '[role="option"]',
  '[role="switch"]',
  '[role="checkbox"]',
  '[role="radio"]',
].join(', ');

/** True when the control is named by something besides its icons. */
function hasOwnName(control: Element): boolean {
  if (control.hasAttribute('aria-label') || control.hasAttribute('aria-labelledby') || control.hasAttribute('title'))
    return true;
  return (control.textContent ?? '').trim().length > 0;
}

/** Marks aria-hidden every icon under `root` that sits in a control named by other means. */
export function hideIconNamesIn(root: ParentNode): void {
  for (const icon of root.querySelectorAll(UNMARKED_ICON)) {
    const control = icon.closest(CONTROL);
    if (control && hasOwnName(control)) icon.setAttribute('aria-hidden', 'true');
  }
}

/** Hides icon names in named controls now and in everything rendered later; returns the uninstaller. */
export function installIconNameHiding(root: HTMLElement = document.body): () => void {
  hideIconNamesIn(root);
  const observer = new MutationObserver((mutations) => {
    const scopes = new Set<Element>();
    for (const m of mutations) {
      const element = m.target instanceof Element ? m.target : m.target.parentElement;
      // Text can arrive after the icon: look from the control the change happened in.
      if (element) scopes.add(element.closest(CONTROL) ?? element);
    }
    for (const scope of scopes) hideIconNamesIn(scope);
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
