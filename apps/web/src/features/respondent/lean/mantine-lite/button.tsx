import { type CSSProperties, forwardRef } from 'react';
import { join, type Props, rest, styleProps } from './style-props';
import { variantColors } from './variant-colors';

export const Button = forwardRef<HTMLButtonElement, Props>(function Button(props, ref) {
  const {
    component: Component = 'button',
    variant,
    color: hue,
    size = 'sm',
    loading,
    disabled,
    leftSection,
    rightSection,
    children,
    type,
  } = props;
  const vars: Record<string, unknown> = {
    '--button-height': `var(--button-height-${size})`,
    '--button-padding-x': `var(--button-padding-x-${size})`,
    '--button-fz': `var(--mantine-font-size-${String(size).replace('compact-', '')})`,
  };
  if (variant || hue) {
    const [bg, hover, text, border] = variantColors(variant ?? 'filled', hue ?? 'green');
    Object.assign(vars, {
      '--button-bg': bg,
      '--button-hover': hover,
      '--button-color': text,
      '--button-bd': border,
    });
  } else vars['--button-color'] = 'var(--mantine-color-white)';
  const { style, className } = styleProps({ fw: 600, ...props }, vars);
  const isButton = Component === 'button';
  return (
    <Component
      {...rest(props, [
        'component',
        'variant',
        'color',
        'size',
        'loading',
        'disabled',
        'leftSection',
        'rightSection',
        'children',
        'type',
      ])}
      ref={ref}
      type={isButton ? (type ?? 'button') : undefined}
      disabled={isButton ? disabled || loading : undefined}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-with-left-section={leftSection ? 'true' : undefined}
      data-with-right-section={rightSection ? 'true' : undefined}
      className={join(
        className,
        'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root',
      )}
      style={style}
    >
      {loading ? (
        <span className="m_a25b86ee mantine-Button-loader">
          <span
            className="m_5ae2e3c mantine-Loader-root m_b34414df"
            style={
              {
                '--loader-size': 'calc(var(--button-height) / 1.8)',
                '--loader-color': 'var(--button-color)',
              } as CSSProperties
            }
          />
        </span>
      ) : null}
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection ? (
          <span data-position="left" className="m_a74036a mantine-Button-section">
            {leftSection}
          </span>
        ) : null}
        <span className="m_811560b9 mantine-Button-label">{children}</span>
        {rightSection ? (
          <span data-position="right" className="m_a74036a mantine-Button-section">
            {rightSection}
          </span>
        ) : null}
      </span>
    </Component>
  );
});
