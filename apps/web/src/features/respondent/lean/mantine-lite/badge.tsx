import { join, type Props, rest, styleProps } from './style-props';
import { thinBorder } from './variant-colors';

export function Badge(props: Props) {
  const { color: hue = 'green', radius, children } = props;
  const vars: Record<string, unknown> = {};
  if (radius) vars['--badge-radius'] = `var(--mantine-radius-${radius})`;
  Object.assign(vars, {
    '--badge-bg': `var(--mantine-color-${hue}-light)`,
    '--badge-color': `var(--mantine-color-${hue}-light-color)`,
    '--badge-bd': `${thinBorder} transparent`,
  });
  const { style, className } = styleProps(props, vars);
  return (
    <div
      {...rest(props, ['color', 'radius', 'children', 'variant'])}
      data-variant="light"
      className={join(className, 'm_347db0ec mantine-Badge-root')}
      style={style}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}
