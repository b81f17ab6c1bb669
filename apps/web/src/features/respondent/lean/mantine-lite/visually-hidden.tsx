import { type Props, rest } from './style-props';

export function VisuallyHidden(props: Props) {
  return (
    <span {...rest(props, ['children'])} className="m_515a97f8 mantine-VisuallyHidden-root">
      {props.children}
    </span>
  );
}
