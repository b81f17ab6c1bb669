// The colours of Mantine's variants, shared by Button, ActionIcon, Alert and Badge.
export const thinBorder = 'calc(0.0625rem * var(--mantine-scale)) solid';

/** Mantine's colours of a variant: background, hover, text and border. */
export function variantColors(variant: string, hue: string) {
  switch (variant) {
    case 'filled':
      return [
        `var(--mantine-color-${hue}-filled)`,
        `var(--mantine-color-${hue}-filled-hover)`,
        'var(--mantine-color-white)',
        `${thinBorder} transparent`,
      ];
    case 'default':
      return [
        'var(--mantine-color-default)',
        'var(--mantine-color-default-hover)',
        'var(--mantine-color-default-color)',
        `${thinBorder} var(--mantine-color-default-border)`,
      ];
    case 'subtle':
      return [
        'transparent',
        `var(--mantine-color-${hue}-light-hover)`,
        `var(--mantine-color-${hue}-light-color)`,
        `${thinBorder} transparent`,
      ];
    default:
      return [
        `var(--mantine-color-${hue}-light)`,
        `var(--mantine-color-${hue}-light-hover)`,
        `var(--mantine-color-${hue}-light-color)`,
        `${thinBorder} transparent`,
      ];
  }
}
