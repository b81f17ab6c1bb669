import { forwardRef } from 'react';
import { fontSize, join, type Props, rest, styleProps } from './style-props';

export const Text = forwardRef<HTMLElement, Props>(function Text(props, ref) {
  const { component: Component = 'p', size, lineClamp, children } = props;
  const vars: Record<string, unknown> = {};
  if (size) {
    vars['--text-fz'] = fontSize(size);
    vars['--text-lh'] = `var(--mantine-line-height-${size})`;
  }
  if (lineClamp) vars['--text-line-clamp'] = lineClamp;
  const { style, className } = styleProps(props, vars);
  return (
    <Component
      {...rest(props, ['component', 'size', 'lineClamp', 'children'])}
      ref={ref}
      data-size={size}
      data-line-clamp={lineClamp ? 'true' : undefined}
      className={join(className, 'mantine-focus-auto m_b6d8b162 mantine-Text-root')}
      style={style}
    >
      {children}
    </Component>
  );
});
