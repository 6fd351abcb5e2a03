import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { TOOLTIP } from '@onair/protocol/constants';

/** OnAir red: the "on air" light of a studio. */
const brand: MantineColorsTuple = [
  '#ffe9e9', '#ffd1d1', '#fba0a0', '#f76d6d', '#f44141', '#f22625', '#f21616', '#d8070b', '#c10008', '#a90003',
];

/** Icon-only close buttons need a name for screen readers (WCAG 4.1.2): Mantine leaves it to the app. */
const closeButtonProps = { 'aria-label': 'Close dialog' };

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  // Shade 7 (#d8070b) carries white text at 5.3:1; the default 6 (#f21616) was 4.3:1, under WCAG AA.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  components: {
    Tooltip: { defaultProps: { openDelay: TOOLTIP.delayMs } },
    Modal: { defaultProps: { closeButtonProps } },
    Drawer: { defaultProps: { closeButtonProps } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // Clicking the chosen option again left a required choice empty (a role, a type) and the form sent
    // null; a choice that may be empty says so with `clearable`, whose clear button stays.
    Select: { defaultProps: { allowDeselect: false } },
  },
});

/**
 * Light-variant text (badges such as a points total, "Test mode" or "Flagged", light buttons and alerts)
 * on its own pale background: Mantine's darkest shade of these colours is still under WCAG AA's 4.5:1
 * there (yellow 2.7:1, orange 3.6:1, teal and green about 4.3:1), so the light scheme uses darker inks
 * of the same hues (4.7:1 to 5.8:1).
 */
const READABLE_LIGHT_INK: Record<string, string> = { yellow: '#8f5300', orange: '#b23c0c', teal: '#06694b', green: '#1f7a32', lime: '#4a6b00', cyan: '#0b6477' };

/**
 * Text that reads at WCAG AA: secondary ("dimmed") text one shade stronger than Mantine's (its gray.6
 * on white is 3.3:1 and dark.2 on the dark cards about 3.5:1, both under 4.5:1), and the light inks above.
 */
export const readableText: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(Object.entries(READABLE_LIGHT_INK).map(([color, ink]) => [`--mantine-color-${color}-light-color`, ink])),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
