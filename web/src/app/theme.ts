import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { TOOLTIP } from '@onair/protocol/constants';

/** OnAir red: the "on air" light of a studio. */
const brand: MantineColorsTuple = [
  '#ffe9e9', '#ffd1d1', '#fba0a0', '#f76d6d', '#f44141', '#f22625', '#f21616', '#d8070b', '#c10008', '#a90003',
];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  components: {
    Tooltip: { defaultProps: { openDelay: TOOLTIP.delayMs } },
  },
});
