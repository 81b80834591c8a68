import type { ReactNode } from 'react';
import { ChartTooltipAt } from './chart-tooltip.tsx';
import {
  AXIS_FONT_SIZE,
  type BoxPoint,
  type CategoryLabel,
  type PlotArea,
  TICK_MARGIN,
  useBoxWidth,
  usePointerOver,
} from './plot.ts';

const AXIS_TEXT = { fill: 'var(--muted-foreground)', fontSize: AXIS_FONT_SIZE } as const;

/** What a chart draws once its width is known: the SVG's content, and what the pointer's place says. */
export type Drawing = { content: ReactNode; tooltip?: ReactNode };

/**
 * A chart's box, as wide as its card and `height` tall: one image named `label` to assistive
 * technology, drawn by `draw` for its width and the pointer's place over it.
 */
export function ChartBox({
  label,
  height,
  draw,
}: {
  label: string;
  height: number;
  draw: (width: number, pointer: BoxPoint | null) => Drawing;
}) {
  const [boxRef, width] = useBoxWidth<HTMLDivElement>();
  const [pointer, pointerHandlers] = usePointerOver();
  const { content, tooltip } = draw(width, pointer);
  return (
    <div
      ref={boxRef}
      role="img"
      aria-label={label}
      className="relative touch-pan-y"
      style={{ height }}
      {...pointerHandlers}
    >
      <svg aria-hidden="true" width={width} height={height} className="block">
        {content}
      </svg>
      {tooltip && pointer ? (
        <ChartTooltipAt at={pointer} width={width} height={height}>
          {tooltip}
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
