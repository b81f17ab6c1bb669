import type { CSSProperties } from 'react';
import type { Props } from './style-props';

export function Progress(props: Props) {
  const { value, size = 'md', radius, transitionDuration, 'aria-label': label } = props;
  const vars: Record<string, unknown> = { '--progress-size': `var(--progress-size-${size})` };
  if (radius) vars['--progress-radius'] = `var(--mantine-radius-${radius})`;
  if (transitionDuration !== undefined) vars['--progress-transition-duration'] = `${transitionDuration}ms`;
  return (
    <div data-size={size} className="m_db6d6462 mantine-Progress-root" style={vars as CSSProperties}>
      <div
        aria-label={label}
        role="progressbar"
        aria-valuemax={100}
        aria-valuemin={0}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        className="m_2242eb65 mantine-Progress-section"
        style={
          {
            '--progress-section-size': `${value}%`,
            '--progress-section-color': 'var(--mantine-color-green-filled)',
          } as CSSProperties
        }
      />
    </div>
  );
}
