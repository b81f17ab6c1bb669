import type { CSSProperties } from 'react';
import { type Props, rest } from './style-props';
import { variantColors } from './variant-colors';

export function ActionIcon(props: Props) {
  const { size = 'md', children, color: hue = 'gray', variant = 'filled', disabled } = props;
  const [bg, hover, text, border] = variantColors(variant, hue);
  return (
    <button
      {...rest(props, ['size', 'children', 'color', 'variant'])}
      type="button"
      disabled={disabled}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      className="mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
      style={
        {
          '--ai-size': `var(--ai-size-${size})`,
          '--ai-bg': bg,
          '--ai-hover': hover,
          '--ai-color': text,
          '--ai-bd': border,
        } as CSSProperties
      }
    >
      {children}
    </button>
  );
}
