import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { BarChartViewProps } from './BarChartView';

const BarChartView = lazy(() => import('./BarChartView'));

/**
 * A bar chart whose library loads when it first renders (never in a tab's first load). `label` names the chart
 * for assistive technology, `summary` says in words what it shows (the figures are also in the tooltip).
 */
export function LazyBarChart({ label, summary, ...props }: BarChartViewProps & { label: string; summary: string }) {
  const h = props.h ?? 220;
  return (
    <figure aria-label={label} style={{ margin: 0 }} data-testid="bar-chart">
      <Suspense fallback={<Skeleton h={h} radius="md" />}>
        <BarChartView {...props} h={h} />
      </Suspense>
      <figcaption style={{ fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)', marginTop: 4 }}>{summary}</figcaption>
    </figure>
  );
}
