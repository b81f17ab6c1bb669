import { useId } from 'react';
import { join, type Props, rest, styleProps } from './style-props';
import { thinBorder } from './variant-colors';

export function Alert(props: Props) {
  const { color: hue = 'green', title, icon, children } = props;
  const id = useId();
  const { style, className } = styleProps(props, {
    '--alert-bg': `var(--mantine-color-${hue}-light)`,
    '--alert-color': `var(--mantine-color-${hue}-light-color)`,
    '--alert-bd': `${thinBorder} transparent`,
  });
  return (
    <div
      id={id}
      role="alert"
      aria-describedby={`${id}-body`}
      aria-labelledby={title ? `${id}-title` : undefined}
      {...rest(props, ['color', 'title', 'icon', 'children', 'variant'])}
      data-variant="light"
      className={join(className, 'm_66836ed3 mantine-Alert-root')}
      style={style}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        {icon ? <div className="m_667f2a6a mantine-Alert-icon">{icon}</div> : null}
        <div className="m_667c2793 mantine-Alert-body">
          {title ? (
            <div className="m_6a03f287 mantine-Alert-title">
              <span id={`${id}-title`} className="m_698f4f23 mantine-Alert-label">
                {title}
              </span>
            </div>
          ) : null}
          <div id={`${id}-body`} data-variant="light" className="m_7fa78076 mantine-Alert-message">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
