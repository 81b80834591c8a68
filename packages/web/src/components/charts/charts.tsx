import { type ComponentType, createElement, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { Skeleton } from '../ui/skeleton.tsx';
import type { BalanceChartProps } from './balance-chart.tsx';
import type { CashFlowChartProps } from './cash-flow-chart.tsx';
import type { DonutChartProps } from './donut-chart.tsx';

/*
 * The charts, loaded on first use: the chart library is large, and a page's first paint does not
 * wait for it. Until it arrives each chart's place holds a skeleton of its size.
 */

/** A chart's component, fetched on first use; `loaded` once its code is in. */
type OnDemand<Props> = {
  load: () => Promise<{ default: ComponentType<Props> }>;
  loaded?: ComponentType<Props>;
  Lazy: LazyExoticComponent<ComponentType<Props>>;
};

function onDemand<Props>(fetchCode: () => Promise<{ default: ComponentType<Props> }>): OnDemand<Props> {
  const chart = {} as OnDemand<Props>;
  chart.load = async () => {
    const module = await fetchCode();
    chart.loaded = module.default;
    return module;
  };
  chart.Lazy = lazy(chart.load);
  return chart;
}

const balanceChart = onDemand(() => import('./balance-chart.tsx'));
const cashFlowChart = onDemand(() => import('./cash-flow-chart.tsx'));
const donutChart = onDemand(() => import('./donut-chart.tsx'));

/**
 * Draws `chart` at once when its code is in (preloaded, say). Only before that does it go through
 * React.lazy: a lazy component suspends on its first render even when its code is in, and React
 * holds back what a Suspense boundary reveals for up to 300 ms after its fallback showed.
 */
function ChartOnDemand<Props extends object>({ chart, props }: { chart: OnDemand<Props>; props: Props }) {
  return createElement(chart.loaded ?? chart.Lazy, props);
}

/** Fetches the charts ahead of their first render; settles once they are in. A failure here is left to the render. */
export async function preloadCharts(): Promise<void> {
  await Promise.all([balanceChart, cashFlowChart, donutChart].map((chart) => chart.load().catch(() => undefined)));
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
      <ChartOnDemand chart={balanceChart} props={props} />
    </Loading>
  );
}

export function CashFlowChart(props: CashFlowChartProps) {
  return (
    <Loading height={props.height}>
      <ChartOnDemand chart={cashFlowChart} props={props} />
    </Loading>
  );
}

export function DonutChart(props: DonutChartProps) {
  return (
    <Loading round height={props.size}>
      <ChartOnDemand chart={donutChart} props={props} />
    </Loading>
  );
}
