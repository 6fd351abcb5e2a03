/**
 * Mantine's charts with their styles: the stylesheet comes with the first page that draws a chart
 * instead of with every first load. Import charts from here, not from '@mantine/charts'.
 */
import '@mantine/charts/styles.css';

export { AreaChart, BarChart, DonutChart, LineChart, Sparkline } from '@mantine/charts';
