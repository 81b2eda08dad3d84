/// <reference types="node" />
/**
 * antd's CSS rules that show or hide (display, visibility), for tests that render antd without its
 * run-time CSS (test-antd.tsx). Without them jsdom would show what antd hides by a class (a closed
 * dropdown, a hidden form item, a collapsed panel) and Testing Library's role queries would find
 * it. The rules come from antd's own stylesheet, in its order, so they override one another as in
 * the app; the other rules (colours, sizes, spacing) are left out: jsdom does not use them, and
 * each rule in the document slows getComputedStyle, which every role query calls.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** A style rule that sets display or visibility, or an @media/@supports block holding one. */
function showsOrHides(rule: CSSRule): boolean {
  if ('selectorText' in rule) {
    const { style } = rule as CSSStyleRule;
    return style.display !== '' || style.visibility !== '';
  }
  if ('cssRules' in rule) return [...(rule as CSSGroupingRule).cssRules].some(showsOrHides);
  return false;
}

/** Adds a style element with antd's display and visibility rules to the document's head. */
export function installAntdVisibilityRules(): void {
  const antdCss = readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8');
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(antdCss);
  const style = document.createElement('style');
  style.dataset.testing = 'antd-visibility-rules';
  style.textContent = [...sheet.cssRules]
    .filter(showsOrHides)
    .map((rule) => rule.cssText)
    .join('\n');
  document.head.append(style);
}
