(() => {
  try {
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const stored = localStorage.getItem('colour-mode');
      const mode = stored === 'light' || stored === 'dark' ? stored : 'auto';
      const dark = mode === 'dark' || (mode === 'auto' && scheme.matches);
      document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
    };
    apply();
    // In the system mode a page follows the system when it changes. Until the app starts on a
    // server-rendered page (data-lite), that is this script's job; the app then does it itself.
    scheme.addEventListener('change', () => {
      if (document.documentElement.hasAttribute('data-lite')) apply();
    });
  } catch {
    // Storage can be blocked (private modes, policies); the app then starts in the system mode.
  }
})();
