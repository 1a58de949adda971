/**
 * Button colours with AA contrast (4.5:1) for their text: Mantine's indigo/green/red at shade 6
 * fall short on white, so the screen passes these (the app's accent and darker shades).
 */
export const TONES = {
  accent: '#4f46e5',
  success: '#15803d',
  danger: '#b91c1c',
} as const;
