import { ACCENT, DANGER } from '../../../ui/colours';

/**
 * The source screens' button colours: the theme's accent and danger, and a green darker than
 * Mantine's (its shade 6 carries white text below AA).
 */
export const TONES = {
  accent: ACCENT,
  success: '#15803d',
  danger: DANGER,
} as const;
