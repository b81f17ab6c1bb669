import { join, type Props, rest, spacing, styleProps } from './style-props';

export function Stack(props: Props) {
  const {
    component: Component = 'div',
    gap = 'md',
    align = 'stretch',
    justify = 'flex-start',
    children,
  } = props;
  const { style, className } = styleProps(props, {
    '--stack-gap': spacing(gap),
    '--stack-align': align,
    '--stack-justify': justify,
  });
  return (
    <Component
      {...rest(props, ['component', 'gap', 'align', 'justify', 'children'])}
      className={join(className, 'm_6d731127 mantine-Stack-root')}
      style={style}
    >
      {children}
    </Component>
  );
}
