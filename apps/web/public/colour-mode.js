(() => {
  try {
    const stored = localStorage.getItem('colour-mode');
    const mode = stored === 'light' || stored === 'dark' ? stored : 'auto';
    const dark =
      mode === 'dark' || (mode === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch {
    // Storage can be blocked (private modes, policies); the app then starts in the system mode.
  }
})();
