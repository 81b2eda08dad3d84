/* global window, document */
// Before the first paint: the look of the user's theme choice (app/theme-preference.ts keeps the
// copy under 'mbo-theme'; 'system' or none follows prefers-color-scheme), so a dark page never
// flashes white. A file of its own: the CSP allows no inline script.
(function () {
  var choice;
  try {
    choice = window.localStorage.getItem('mbo-theme');
  } catch {
    choice = null;
  }
  var dark =
    choice === 'dark' ||
    (choice !== 'light' && !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.setAttribute('data-theme', dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
