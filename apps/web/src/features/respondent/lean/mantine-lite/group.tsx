import { join, type Props, rest, spacing, styleProps } from './style-props';

export function Group(props: Props) {
  const { gap = 'md', align = 'center', justify = 'flex-start', wrap = 'wrap', children } = props;
  const { style, className } = styleProps(props, {
    '--group-gap': spacing(gap),
    '--group-align': align,
    '--group-justify': justify,
    '--group-wrap': wrap,
  });
  return (
    <div
      {...rest(props, ['gap', 'align', 'justify', 'wrap', 'children'])}
      className={join(className, 'm_4081bf90 mantine-Group-root')}
      style={style}
    >
      {children}
    </div>
  );
}
