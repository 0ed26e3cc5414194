/* global window, document */
// Mirrors src/lib/theme/theme.ts (resolveTheme); theme-init.test.ts keeps the two in step.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('theme');
  } catch {
    // Storage can be disabled (privacy mode); fall back to the system preference.
  }
  var theme = stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
  var dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
