import type { MantineColor } from '@mantine/core';

/**
 * The app's two action colours, by name so buttons get the palette's hover shade too; the theme
 * (app/theme.ts) makes both palettes read at AA.
 */
export const ACCENT: MantineColor = 'brand';
/** Deletes, removals, logout. */
export const DANGER: MantineColor = 'red';
