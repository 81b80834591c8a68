import { lazy, type ReactNode, Suspense } from 'react';
import { Skeleton } from '../ui/skeleton.tsx';
import type { BalanceChartProps } from './balance-chart.tsx';
import type { CashFlowChartProps } from './cash-flow-chart.tsx';
import type { DonutChartProps } from './donut-chart.tsx';

/*
 * The charts, loaded on first use: the chart library is large, and a page's first paint does not
 * wait for it. Until it arrives each chart's place holds a skeleton of its size.
 */
const loadBalanceChart = () => import('./balance-chart.tsx');
const loadCashFlowChart = () => import('./cash-flow-chart.tsx');
const loadDonutChart = () => import('./donut-chart.tsx');
const LazyBalanceChart = lazy(loadBalanceChart);
const LazyCashFlowChart = lazy(loadCashFlowChart);
const LazyDonutChart = lazy(loadDonutChart);

/**
 * Starts fetching the charts ahead of their first render (the browser keeps one module per URL,
 * so the lazy components above then find them loaded). A failure here is left to the render.
 */
export function preloadCharts(): void {
  for (const load of [loadBalanceChart, loadCashFlowChart, loadDonutChart]) load().catch(() => undefined);
}

function Loading({ round, height, children }: { round?: boolean; height: number; children: ReactNode }) {
  const fallback = (
    <Skeleton className={round ? 'rounded-full' : 'w-full'} style={{ height, width: round ? height : undefined }} />
  );
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

export function BalanceChart(props: BalanceChartProps) {
  return (
    <Loading height={props.height}>
      <LazyBalanceChart {...props} />
    </Loading>
  );
}

export function CashFlowChart(props: CashFlowChartProps) {
  return (
    <Loading height={props.height}>
      <LazyCashFlowChart {...props} />
    </Loading>
  );
}

export function DonutChart(props: DonutChartProps) {
  return (
    <Loading round height={props.size}>
      <LazyDonutChart {...props} />
    </Loading>
  );
}
