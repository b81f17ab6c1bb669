import { type ElementType, forwardRef } from 'react';
import { join, type Props, rest, styleProps } from './style-props';

export const Title = forwardRef<HTMLHeadingElement, Props>(function Title(props, ref) {
  const { order = 1, children } = props;
  const Heading = `h${order}` as ElementType;
  const { style, className } = styleProps(props, {
    '--title-fw': `var(--mantine-h${order}-font-weight)`,
    '--title-lh': `var(--mantine-h${order}-line-height)`,
    '--title-fz': `var(--mantine-h${order}-font-size)`,
  });
  return (
    <Heading
      {...rest(props, ['order', 'children'])}
      ref={ref}
      data-order={order}
      className={join(className, 'm_8a5d1357 mantine-Title-root')}
      style={style}
    >
      {children}
    </Heading>
  );
});
