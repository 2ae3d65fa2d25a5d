// Runs before first paint; the same rule as src/client/theme.ts (stored choice, else system, else light).
// Also handles the theme switch's clicks ([data-theme-toggle]), so it works before the app's code loads.
(function () {
  var root = document.documentElement;
  function apply(theme) {
    root.classList.toggle('dark', theme === 'dark');
    root.setAttribute('data-theme', theme === 'dark' ? 'atomix-dark' : 'atomix-light');
  }
  var theme = 'light';
  try {
    var stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) theme = 'dark';
  } catch {
    // Storage blocked (privacy settings): the system preference, else light.
  }
  apply(theme);
  // Capture phase: before the app's handlers (on #root), which stand back when it is marked handled.
  function toggle(event) {
    var target = event.target;
    if (event.defaultPrevented || !target || !target.closest || !target.closest('[data-theme-toggle]')) return;
    event.preventDefault();
    var next = root.classList.contains('dark') ? 'light' : 'dark';
    apply(next);
    try {
      localStorage.setItem('theme', next);
    } catch {
      // Storage blocked: the switch still works for this page.
    }
  }
  document.addEventListener('click', toggle, true);
})();
