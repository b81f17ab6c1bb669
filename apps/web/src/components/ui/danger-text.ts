/** Red text that keeps 4.5:1 contrast in both colour modes (the theme's default red is too light). */
export const dangerText = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';
