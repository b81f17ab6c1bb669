/**
 * Text for Mantine's light badges and alert titles: the default shade reads under 4.5:1 on its own
 * tint (orange and yellow even at shade 9), so light mode darkens shade 9 and dark mode uses shade 2.
 */
export const tintText = (color: string) =>
  `light-dark(color-mix(in srgb, var(--mantine-color-${color}-9), black 35%), var(--mantine-color-${color}-2))`;
