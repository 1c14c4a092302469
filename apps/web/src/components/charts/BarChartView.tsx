import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';

export interface BarChartViewProps {
  data: Record<string, string | number>[];
  dataKey: string;
  series: BarChartSeries[];
  stacked?: boolean;
  unit?: string;
  h?: number;
}

/**
 * The one place that loads @mantine/charts (Recharts): only through LazyBarChart, so the chart library is a
 * chunk of its own that the tabs showing a chart fetch when they render one (decision 0026 / 0036).
 */
export default function BarChartView({ data, dataKey, series, stacked, unit, h = 220 }: BarChartViewProps) {
  return (
    <BarChart
      h={h}
      data={data}
      dataKey={dataKey}
      series={series}
      type={stacked ? 'stacked' : 'default'}
      unit={unit}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 36 }}
      tickLine="y"
      gridAxis="y"
      tooltipAnimationDuration={150}
      barProps={{ isAnimationActive: false }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
      yAxisProps={{ allowDecimals: false, width: unit ? 60 : 40 }}
    />
  );
}
