import type { CSSProperties } from 'react';
import classes from './mantine-lite.module.css';

// What the stand-ins share: Mantine's style props (m, fz, c, …) as inline styles, and the rest of the
// props passed on to the element.

// biome-ignore lint/suspicious/noExplicitAny: the stand-ins accept Mantine's loose props.
export type Props = Record<string, any>;
type Size = string | number | undefined;

export const remOf = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;
const tokens = new Set(['xs', 'sm', 'md', 'lg', 'xl']);
export const spacing = (value: Size) =>
  value === undefined
    ? undefined
    : typeof value === 'number'
      ? remOf(value)
      : tokens.has(value)
        ? `var(--mantine-spacing-${value})`
        : value;
export const fontSize = (value: Size) =>
  value === undefined
    ? undefined
    : typeof value === 'number'
      ? remOf(value)
      : tokens.has(value)
        ? `var(--mantine-font-size-${value})`
        : value;
const color = (value: string | undefined) => {
  if (!value) return undefined;
  if (value === 'dimmed') return 'var(--mantine-color-dimmed)';
  const [hue, shade] = value.split('.');
  return shade && /^\d$/.test(shade) ? `var(--mantine-color-${hue}-${shade})` : value;
};
const MANTINE_PROPS = ['m', 'mt', 'mb', 'p', 'fw', 'fz', 'c', 'lh', 'w', 'h', 'maw', 'tt', 'lts'];

/** Mantine's style props as inline styles; a responsive font size as the class that carries it. */
export function styleProps(props: Props, extra: Record<string, unknown> = {}) {
  const { m, mt, mb, p, fw, fz, c, lh, w, h, maw, tt, lts, style, className } = props;
  const css: Record<string, unknown> = { ...extra };
  const set = (key: string, value: unknown) => {
    if (value !== undefined) css[key] = value;
  };
  set('margin', spacing(m));
  set('marginTop', spacing(mt));
  set('marginBottom', spacing(mb));
  set('padding', spacing(p));
  set('color', color(c));
  set('fontWeight', fw);
  set('lineHeight', lh);
  set('width', typeof w === 'number' ? remOf(w) : w);
  set('height', typeof h === 'number' ? remOf(h) : h);
  set('maxWidth', typeof maw === 'number' ? remOf(maw) : maw);
  set('textTransform', tt);
  set('letterSpacing', typeof lts === 'number' ? remOf(lts) : lts);
  let responsive: string | undefined;
  if (fz && typeof fz === 'object') {
    css['--lite-fz'] = fontSize(fz.base);
    css['--lite-fz-sm'] = fontSize(fz.sm ?? fz.base);
    responsive = classes.responsiveFz;
  } else set('fontSize', fontSize(fz));
  return {
    style: { ...css, ...(style as CSSProperties | undefined) } as CSSProperties,
    className: [className, responsive].filter(Boolean).join(' ') || undefined,
  };
}

/** What is left for the element once Mantine's own props are taken out. */
export function rest(props: Props, own: readonly string[]) {
  const out: Props = {};
  for (const [key, value] of Object.entries(props)) {
    if (!own.includes(key) && !MANTINE_PROPS.includes(key) && key !== 'style' && key !== 'className')
      out[key] = value;
  }
  return out;
}

export const join = (...names: (string | undefined | false)[]) => names.filter(Boolean).join(' ');
