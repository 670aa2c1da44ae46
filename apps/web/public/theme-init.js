// Runs before the first paint (a blocking same-origin script, allowed by the CSP) so a dark-theme seller never
// sees a white flash. Keep in sync with apps/web/src/lib/theme.ts.
(() => {
  let theme = null;
  try {
    theme = localStorage.getItem('mostrador.theme');
  } catch {}
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');
})();
