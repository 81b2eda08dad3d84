import { PRODUCT } from '@mbo/contracts/product';
import { escapeHtml } from '../../lib/escape-html';

/** Escapes text for HTML content and attribute values (lib/escape-html.ts, as the mail templates do). */
export function esc(value: string | number): string {
  return escapeHtml(String(value));
}

/**
 * The hosted checkout's styles: inline (the CSP allows inline styles but no scripts), the product's
 * theme (primary #1957ff, success #38c793, warning #ffbf00, error #f52f3e, radius 8, controls 36 px+).
 * The page is public (no user, so no theme choice): it follows the browser's prefers-color-scheme, with
 * the dashboard's dark colours (apps/web/src/app/theme.ts), every text at least 4.5:1 on its ground.
 */
const STYLES = `
:root{color-scheme:light dark;--text:#1a1f36;--text-2:#3c4257;--muted:#5b6376;--bg:#f4f6fb;--card:#fff;--summary:#fafbff;--line:#e6e9f2;--input:#fff;--input-line:#d5d9e2;--link:#1957ff;--focus:rgba(25,87,255,.4);--error:#c4101f;--alert-bg:#fff1f0;--alert-line:#ffccc7;--alert-text:#a8071a;--badge-text:#8a5a00;--badge-bg:#fff4cc;--badge-line:#ffe08a;--tests-line:#b8c6ff;--tests-bg:#f5f7ff;--shadow:rgba(16,24,64,.12);--top:linear-gradient(135deg,#1957ff 0%,#4a7bff 100%)}
@media (prefers-color-scheme:dark){:root{--text:#e8ebf3;--text-2:#c3c9d8;--muted:#a3aabd;--bg:#0c1322;--card:#151d30;--summary:#1a2339;--line:#2b3652;--input:#0f1729;--input-line:#3a4664;--link:#8aa8ff;--focus:rgba(138,168,255,.5);--error:#ff8a92;--alert-bg:#391f2a;--alert-line:#6b2a36;--alert-text:#ff9aa2;--badge-text:#f5c451;--badge-bg:#3a3320;--badge-line:#6b5a1f;--tests-line:#3a4d80;--tests-bg:#17213a;--shadow:rgba(0,0,0,.45);--top:linear-gradient(135deg,#10245e 0%,#1c3a8f 100%)}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--text);background:var(--bg)}
a{color:var(--link)}
.top{background:var(--top);height:180px;position:absolute;inset:0 0 auto 0;z-index:0}
.shell{position:relative;z-index:1;width:100%;max-width:960px;margin:48px auto 24px;padding:0 16px;flex:1}
.card{display:grid;grid-template-columns:minmax(0,5fr) minmax(0,6fr);background:var(--card);border-radius:12px;box-shadow:0 12px 40px var(--shadow);overflow:hidden}
.card.narrow{display:block;max-width:560px;margin:0 auto}
.summary{padding:32px;background:var(--summary);border-right:1px solid var(--line)}
.panel{padding:32px}
.merchant{display:flex;align-items:center;gap:10px;font-weight:600}
.avatar{width:36px;height:36px;border-radius:8px;background:#1957ff;color:#fff;display:inline-flex;align-items:center;justify-content:center;font-weight:700}
.badge{margin-left:auto;font-size:12px;font-weight:600;color:var(--badge-text);background:var(--badge-bg);border:1px solid var(--badge-line);border-radius:999px;padding:1px 10px}
.eyebrow{margin:28px 0 4px;color:var(--muted);font-size:13px;text-transform:uppercase;letter-spacing:.04em}
.amount{margin:0;font-size:36px;line-height:1.2;font-weight:700;font-variant-numeric:tabular-nums;word-break:break-all}
.desc{margin:8px 0 0;color:var(--text-2);white-space:pre-wrap;word-break:break-word}
.meta{margin:24px 0 0;padding:16px 0 0;border-top:1px solid var(--line);display:grid;grid-template-columns:auto 1fr;gap:6px 16px;font-size:13px}
.meta dt{color:var(--muted)}.meta dd{margin:0;text-align:right;word-break:break-all}
h2{margin:0 0 16px;font-size:18px}
.field{margin:0 0 14px}
.field label{display:block;margin:0 0 6px;font-size:13px;font-weight:600;color:var(--text-2)}
.field input{display:block;width:100%;height:42px;padding:0 12px;font:inherit;color:inherit;background:var(--input);border:1px solid var(--input-line);border-radius:8px;outline:none;transition:border-color .15s,box-shadow .15s}
.field input:focus{border-color:var(--link);box-shadow:0 0 0 3px var(--focus)}
.field.invalid input{border-color:#f52f3e}
.field .error{margin:4px 0 0;color:var(--error);font-size:13px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.alert{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:var(--alert-bg);border:1px solid var(--alert-line);color:var(--alert-text);font-size:14px}
.pay{display:block;width:100%;height:46px;margin-top:8px;border:0;border-radius:8px;background:#1957ff;color:#fff;font:inherit;font-weight:600;font-size:16px;cursor:pointer}
.pay:hover{background:#0f47e0}.pay:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.secure{margin:10px 0 0;text-align:center;color:var(--muted);font-size:12px}
.tests{margin-top:24px;padding:14px 16px;border:1px dashed var(--tests-line);border-radius:8px;background:var(--tests-bg);font-size:13px}
.tests h3{margin:0 0 8px;font-size:13px}
.tests table{width:100%;border-collapse:collapse}
.tests td{padding:3px 0;vertical-align:top}.tests td:first-child{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:nowrap;padding-right:12px}
.tests p{margin:8px 0 0;color:var(--muted)}
.result{max-width:480px;margin:0 auto;padding:40px 32px;text-align:center}
.icon{width:64px;height:64px;margin:0 auto 16px;border-radius:50%;display:flex;align-items:center;justify-content:center;font-size:32px;font-weight:700;color:#fff}
.icon.success{background:#38c793}.icon.error{background:#f52f3e}.icon.warning{background:#ffbf00}.icon.muted{background:#a3acbf}
.result h1{margin:0 0 8px;font-size:24px}
.result p{margin:0 0 8px;color:var(--text-2)}
.result .meta{text-align:left}
.button{display:inline-block;margin-top:20px;padding:10px 20px;border-radius:8px;background:#1957ff;color:#fff;text-decoration:none;font-weight:600}
footer{position:relative;z-index:1;padding:16px;text-align:center;color:var(--muted);font-size:12px}
@media (max-width:720px){
  .shell{margin-top:16px;padding:0 10px}
  .top{height:120px}
  .card{grid-template-columns:1fr}
  .summary{border-right:0;border-bottom:1px solid var(--line);padding:20px}
  .panel{padding:20px}
  .eyebrow{margin-top:16px}
  .amount{font-size:30px}
  .result{padding:28px 20px}
}
`;

/** A whole page: no scripts, nothing external, not indexed, not cached. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<title>${esc(title)} · ${esc(PRODUCT.name)}</title>
<style>${STYLES}</style>
</head>
<body>
<div class="top" aria-hidden="true"></div>
<main class="shell">
${body}
</main>
<footer>Sandbox checkout by ${esc(PRODUCT.name)} · no real money moves · card numbers are never stored</footer>
</body>
</html>`;
}
