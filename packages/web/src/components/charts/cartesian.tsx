import { type KeyboardEvent, type ReactNode, useMemo } from 'react';
import { ChartTooltipAt } from './chart-tooltip.tsx';
import { AXIS_FONT_SIZE, type CategoryLabel, type PlotArea, TICK_MARGIN, useBoxWidth, usePointerOver } from './plot.ts';

const AXIS_TEXT = { fill: 'var(--muted-foreground)', fontSize: AXIS_FONT_SIZE } as const;

/**
 * What a chart draws for a width: what stays whatever the pointer does; where its days or months
 * are across the box, left to right (over the plot, the pointer and the arrow keys pick the
 * nearest); and what the picked one adds: marks behind or over the drawing, and its tooltip.
 */
export type Drawing = {
  content: ReactNode;
  plot: PlotArea;
  stops: readonly number[];
  pick: (index: number) => { behind?: ReactNode; over?: ReactNode; tooltip: ReactNode };
};

/** How far each key moves along the stops; Home and End go to the ends. */
const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  Home: Number.NEGATIVE_INFINITY,
  End: Number.POSITIVE_INFINITY,
};

/** The stop nearest `x`. */
const nearestStop = (stops: readonly number[], x: number) =>
  stops.reduce((best, stop, index) => (Math.abs(stop - x) < Math.abs(stops[best]! - x) ? index : best), 0);

/**
 * A chart's box, as wide as its card and `height` tall: one image named `label` to assistive
 * technology, drawn by `draw` for its width (once per width: the pointer only picks a stop).
 * Focused, the arrow keys step the tooltip through the days or months (the first press shows the
 * latest).
 */
export function ChartBox({ label, height, draw }: { label: string; height: number; draw: (width: number) => Drawing }) {
  const [boxRef, width] = useBoxWidth<HTMLDivElement>();
  const [pointer, pointerHandlers, setPointer] = usePointerOver();
  const { content, plot, stops, pick } = useMemo(() => draw(width), [draw, width]);
  const picked =
    pointer && stops.length > 0 && pointer.x >= plot.left && pointer.x <= plot.right
      ? pick(nearestStop(stops, pointer.x))
      : null;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (step === undefined || stops.length === 0) return;
    event.preventDefault();
    const from = pointer ? nearestStop(stops, pointer.x) : stops.length;
    const to = Math.min(stops.length - 1, Math.max(0, from + step));
    setPointer({ x: stops[to]!, y: height / 3 });
  };
  return (
    <div
      ref={boxRef}
      role="img"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys show each day's tooltip, as the pointer does.
      tabIndex={0}
      className="relative touch-pan-y rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
      style={{ height }}
      onKeyDown={onKeyDown}
      onBlur={() => setPointer(null)}
      {...pointerHandlers}
    >
      <svg aria-hidden="true" width={width} height={height} className="block">
        {picked?.behind}
        {content}
        {picked?.over}
      </svg>
      {picked && pointer ? (
        <ChartTooltipAt at={pointer} width={width} height={height}>
          {picked.tooltip}
        </ChartTooltipAt>
      ) : null}
    </div>
  );
}

/** The value axis: each tick's label left of the plot, bottom first, and a dashed line across it. */
export function ValueAxis({
  ticks,
  labels,
  y,
  plot,
}: {
  ticks: readonly number[];
  labels: readonly string[];
  y: (value: number) => number;
  plot: PlotArea;
}) {
  return (
    <g data-part="value-axis">
      {ticks.map((tick, i) => (
        <g key={tick}>
          <line x1={plot.left} x2={plot.right} y1={y(tick)} y2={y(tick)} stroke="var(--border)" strokeDasharray="3 3" />
          <text x={plot.left - TICK_MARGIN} y={y(tick)} textAnchor="end" dominantBaseline="central" {...AXIS_TEXT}>
            {labels[i]}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The labels under the plot, each centred on its place. */
export function CategoryAxis({ labels, plot }: { labels: readonly CategoryLabel[]; plot: PlotArea }) {
  return (
    <g data-part="category-axis">
      {labels.map((label) => (
        <text
          key={`${label.at}-${label.text}`}
          x={label.at}
          y={plot.bottom + TICK_MARGIN}
          textAnchor="middle"
          dominantBaseline="hanging"
          {...AXIS_TEXT}
        >
          {label.text}
        </text>
      ))}
    </g>
  );
}
