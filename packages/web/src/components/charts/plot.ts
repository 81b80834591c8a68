import { type PointerEvent, useLayoutEffect, useRef, useState } from 'react';

/*
 * The geometry the charts share: where a plot sits in its box, how wide an axis label is, which
 * labels fit side by side. The charts are plain SVG drawn from these (see docs/decisions.md).
 */

/** Axis labels' size, in pixels; their colour is the theme's muted foreground. */
export const AXIS_FONT_SIZE = 12;
/** Between an axis label and the plot. */
export const TICK_MARGIN = 8;
/** Room under the plot for the labels along it. */
const CATEGORY_AXIS_HEIGHT = 30;
/** Room above the plot and right of it, so a line on its edge is not cut in half. */
const PLOT_INSET = 8;
/** Until a chart's box is measured (and where it cannot be, as in tests), it is drawn this wide. */
const UNMEASURED_WIDTH = 600;

/** The plot inside a chart's box, in pixels from its top left corner. */
export type PlotArea = { left: number; right: number; top: number; bottom: number };

let measuringContext: OffscreenCanvasRenderingContext2D | null | undefined;

/**
 * How wide `text` is drawn at the axis font: measured on a canvas in the page's font, or guessed
 * from its length where there is no canvas.
 */
function labelWidth(text: string): number {
  if (measuringContext === undefined) {
    measuringContext = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
    if (measuringContext) {
      measuringContext.font = `${AXIS_FONT_SIZE}px ${getComputedStyle(document.body).fontFamily}`;
    }
  }
  return measuringContext ? measuringContext.measureText(text).width : text.length * AXIS_FONT_SIZE * 0.6;
}

/** The plot of a chart `width` × `height` whose value axis, on its left, reads `valueLabels`. */
export function plotArea(width: number, height: number, valueLabels: readonly string[]): PlotArea {
  const axisWidth = Math.ceil(Math.max(0, ...valueLabels.map(labelWidth))) + 2 * TICK_MARGIN;
  return {
    left: axisWidth,
    right: Math.max(axisWidth + 1, width - PLOT_INSET),
    top: PLOT_INSET,
    bottom: Math.max(PLOT_INSET + 1, height - CATEGORY_AXIS_HEIGHT),
  };
}

/** Maps `domain` onto `range` in a straight line. */
export function linearScale([from, to]: readonly [number, number], [start, end]: readonly [number, number]) {
  const span = to - from || 1;
  return (value: number) => start + ((value - from) / span) * (end - start);
}

/** A label along a chart's bottom: where its middle wants to be and what it says. */
export type CategoryLabel = { at: number; text: string };

/**
 * The labels that fit along `[start, end]` at least `gap` apart, taken from the last one back (the
 * latest is the one people look for), each moved inward as far as it needs to stay whole.
 */
export function spacedLabels(labels: readonly CategoryLabel[], gap: number, [start, end]: readonly [number, number]) {
  const shown: Array<CategoryLabel & { width: number }> = [];
  let leftmost = Number.POSITIVE_INFINITY;
  for (let i = labels.length - 1; i >= 0; i--) {
    const label = labels[i]!;
    const width = labelWidth(label.text);
    const at = Math.min(Math.max(label.at, start + width / 2), end - width / 2);
    if (at + width / 2 + gap > leftmost) continue;
    shown.unshift({ text: label.text, at, width });
    leftmost = at - width / 2;
  }
  return shown;
}

/**
 * Every label, or where they do not all fit, every second (third…) one counted back from the last:
 * months along a cash-flow chart, where a gap in the middle of the row reads as a missing month.
 */
export function everyNthLabel(labels: readonly CategoryLabel[], gap: number, range: readonly [number, number]) {
  for (let step = 1; ; step++) {
    const taken = labels.filter((_, index) => (labels.length - 1 - index) % step === 0);
    const shown = spacedLabels(taken, gap, range);
    if (shown.length === taken.length) return shown;
  }
}

/**
 * A chart box's width, measured before the browser paints and again whenever it changes size, and
 * the ref to put on the box.
 */
export function useBoxWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setWidth(box.getBoundingClientRect().width);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    return () => observer?.disconnect();
  }, []);
  return [ref, width || UNMEASURED_WIDTH] as const;
}

/** A place in a chart's box, in pixels from its top left corner. */
export type BoxPoint = { x: number; y: number };

/**
 * Where the pointer is over a chart's box (null while it is elsewhere), the handlers to put on the
 * box, and a setter for the keyboard. A mouse leaving hides it; a finger lifted leaves its last
 * place shown, as a tap asks.
 */
export function usePointerOver() {
  const [at, setAt] = useState<BoxPoint | null>(null);
  const follow = (event: PointerEvent<Element>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setAt({ x: event.clientX - box.left, y: event.clientY - box.top });
  };
  const handlers = {
    onPointerMove: follow,
    onPointerDown: follow,
    onPointerLeave: (event: PointerEvent<Element>) => {
      if (event.pointerType === 'mouse') setAt(null);
    },
  };
  return [at, handlers, setAt] as const;
}
