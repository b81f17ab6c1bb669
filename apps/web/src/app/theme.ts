import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, rem } from '@mantine/core';

/** Brand green: shade 7 carries white text at 5.5:1, so filled buttons pass WCAG AA in both modes. */
const green: MantineColorsTuple = [
  '#ecfdf5',
  '#d1fae5',
  '#a7f3d0',
  '#6ee7b7',
  '#34d399',
  '#10b981',
  '#059669',
  '#047857',
  '#065f46',
  '#064e3b',
];

/** Cool blue-grey for light surfaces, borders and secondary text (spec §9: cool greys). */
const gray: MantineColorsTuple = [
  '#f8fafc',
  '#f1f5f9',
  '#e2e8f0',
  '#cbd5e1',
  '#94a3b8',
  '#64748b',
  '#475569',
  '#334155',
  '#1e293b',
  '#0f172a',
];

/** Dark mode scale in the same cool hue: 0 is body text, 7 the page, 8–9 sunken surfaces. */
const dark: MantineColorsTuple = [
  '#e2e8f0',
  '#cbd5e1',
  '#a3b1c6',
  '#74839a',
  '#3e4b5e',
  '#2c3748',
  '#212b3a',
  '#161e2b',
  '#111823',
  '#0b111a',
];

const fontFamily =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 7 },
  colors: { green, gray, dark },
  black: '#0f172a',
  fontFamily,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, "JetBrains Mono", Menlo, Consolas, monospace',
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // People who ask their system for less motion get no transitions or animations (WCAG 2.3.3).
  respectReducedMotion: true,
  headings: {
    fontFamily,
    fontWeight: '750',
    textWrap: 'balance',
    sizes: {
      h1: { fontSize: rem(44), lineHeight: '1.12' },
      h2: { fontSize: rem(32), lineHeight: '1.2' },
      h3: { fontSize: rem(22), lineHeight: '1.3' },
      h4: { fontSize: rem(18), lineHeight: '1.4' },
      h5: { fontSize: rem(16), lineHeight: '1.45' },
      h6: { fontSize: rem(14), lineHeight: '1.5' },
    },
  },
  radius: { xs: rem(4), sm: rem(6), md: rem(10), lg: rem(14), xl: rem(20) },
  shadows: {
    xs: '0 1px 2px rgba(15, 23, 42, 0.06)',
    sm: '0 1px 3px rgba(15, 23, 42, 0.08), 0 1px 2px rgba(15, 23, 42, 0.04)',
    md: '0 6px 16px -4px rgba(15, 23, 42, 0.10), 0 2px 6px -2px rgba(15, 23, 42, 0.06)',
    lg: '0 16px 32px -8px rgba(15, 23, 42, 0.14), 0 4px 10px -4px rgba(15, 23, 42, 0.06)',
    xl: '0 28px 56px -12px rgba(15, 23, 42, 0.22)',
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Container: { defaultProps: { size: 'lg' } },
    // Every notification's close button is named for screen readers (axe: button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    // And every dialog's: sixteen dialogs had an unnamed close button (axe found the coding dialog's).
    // 'Close dialog', so it is told apart from a dialog's own 'Close' button at its foot.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
  },
});

/**
 * Text colours for light-variant components (Badge, Alert, ThemeIcon, light Buttons) in light mode.
 * Mantine uses shade 6, which falls under 4.5:1 on its own pale tint for several hues; these deeper
 * tones pass WCAG AA for small text on that tint. Dark mode keeps Mantine's own values.
 */
export const lightVariantText: Record<string, string> = {
  gray: '#1e293b',
  dark: '#1e293b',
  red: '#991b1b',
  pink: '#9d174d',
  grape: '#86198f',
  violet: '#5b21b6',
  indigo: '#3730a3',
  blue: '#1e40af',
  cyan: '#155e75',
  teal: '#115e59',
  green: '#065f46',
  lime: '#3f6212',
  yellow: '#854d0e',
  orange: '#9a3412',
};

/** Mantine's default error red is 3.3:1 on white; error text everywhere (fields, alerts in text, red menu items) uses --mantine-color-error, which reads at 5.9:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(lightVariantText).map(([hue, value]) => [`--mantine-color-${hue}-light-color`, value]),
    ),
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: { '--mantine-color-error': 'var(--mantine-color-red-5)' },
});
