import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColor,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * The brand colour in ten shades, shade 6 being styles.css's --c-accent: Mantine's own blue and
 * indigo sit beside it otherwise, and their shade 6 carries white text below AA contrast.
 */
export const BRAND: MantineColorsTuple = [
  '#eef2ff',
  '#e0e7ff',
  '#c7d2fe',
  '#a5b4fc',
  '#818cf8',
  '#6366f1',
  '#4f46e5',
  '#4338ca',
  '#3730a3',
  '#312e81',
];

/**
 * Mantine's red replaced so every color="red" button, text and badge reads at AA: its shade 6
 * (#fa5252) carries white at 3.3:1, this one (styles.css's --c-danger) at 6.5:1.
 */
export const RED: MantineColorsTuple = [
  '#fef2f2',
  '#fee2e2',
  '#fecaca',
  '#fca5a5',
  '#f87171',
  '#dc2626',
  '#b91c1c',
  '#991b1b',
  '#7f1d1d',
  '#6b1717',
];

export { ACCENT, DANGER } from '../ui/colours';

/** The Mantine theme of the signed-in app: one button and link colour, the brand's. */
export const theme = createTheme({
  colors: { brand: BRAND, red: RED },
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 7 },
  defaultGradient: { from: 'brand', to: 'violet', deg: 45 },
  defaultRadius: 'md',
  fontFamily: 'var(--font)',
  headings: { fontFamily: 'var(--font)' },
  cursorType: 'pointer',
});

/**
 * Text of the light variants (badges, alerts) that reads at AA on their pale backgrounds and
 * hover shades: Mantine's shade 9 of these colours reads at 2.7–4.5:1 there.
 */
const LIGHT_TEXT: Record<string, string> = {
  red: '#991b1b',
  orange: '#9a3412',
  yellow: '#854d0e',
  lime: '#3f6212',
  green: '#166534',
  teal: '#065f46',
};

/** Mantine's dimmed grey reads at 3.3:1 on white; ours is the muted text colour at AA. */
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--c-muted)',
    ...Object.fromEntries(
      Object.entries(LIGHT_TEXT).map(([color, text]) => [`--mantine-color-${color}-light-color`, text]),
    ),
  },
  dark: {},
});

/** The active visual theme (config.theme; navigation resets it to 'default'). */
export function setTheme(name: string): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = name || 'default';
}
