import { type Props, remOf, styleProps } from './style-props';

export function Skeleton(props: Props) {
  const { radius, h, w } = props;
  const vars: Record<string, unknown> = {};
  if (h !== undefined) vars['--skeleton-height'] = typeof h === 'number' ? remOf(h) : h;
  if (w !== undefined) vars['--skeleton-width'] = typeof w === 'number' ? remOf(w) : w;
  if (radius) vars['--skeleton-radius'] = `var(--mantine-radius-${radius})`;
  const { style } = styleProps({ mt: props.mt }, vars);
  return (
    <div data-visible="true" data-animate="true" className="m_18320242 mantine-Skeleton-root" style={style} />
  );
}
