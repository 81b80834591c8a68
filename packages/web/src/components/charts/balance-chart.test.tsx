import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BalanceChart } from './balance-chart.tsx';
import type { TrendPoint } from './series.ts';

const day = (date: string, value: number): TrendPoint => ({ date, value, unvaluedAccountIds: [] });

function renderChart(data: TrendPoint[]) {
  const { container, getByRole } = render(
    <BalanceChart data={data} currency="UAH" label="Daily total balance" height={200} />,
  );
  /** The value axis's labels, bottom first. */
  const yLabels = () =>
    [...container.querySelectorAll('[data-part="value-axis"] text')].map((text) =>
      text.textContent?.replaceAll('\u00a0', ' '),
    );
  const line = () => container.querySelector('[data-part="balance-line"]')?.getAttribute('d') ?? '';
  return { container, getByRole, yLabels, line };
}

/** The corners of a path made of straight segments; null when it has curves. */
function corners(path: string): Array<[number, number]> | null {
  if (!/^M[^A-Za-z]+(L[^A-Za-z]+)*$/.test(path)) return null;
  return path
    .slice(1)
    .split('L')
    .map((pair) => pair.split(',').map(Number) as [number, number]);
}

describe('balance chart', () => {
  it('labels a flat balance once, not as a column of equal figures', () => {
    const { yLabels } = renderChart([
      day('2026-11-01', 9_000_000),
      day('2026-11-02', 9_000_000),
      day('2026-11-03', 9_000_000),
    ]);
    expect(yLabels()).toEqual(['UAH 90k']);
  });

  it('labels a nearly flat balance with round figures that differ, each as precise as it needs', () => {
    const { yLabels } = renderChart([day('2026-11-01', 9_000_000), day('2026-11-02', 8_999_500)]);
    expect(yLabels()).toEqual(['UAH 89.995k', 'UAH 89.996k', 'UAH 89.997k', 'UAH 89.998k', 'UAH 89.999k', 'UAH 90k']);
  });

  it('draws a balance as steps: it holds until the day it changes', () => {
    const { line } = renderChart([
      day('2026-11-01', 9_000_000),
      day('2026-11-02', 9_000_000),
      day('2026-11-03', 7_750_000),
      day('2026-11-04', 7_750_000),
    ]);
    const points = corners(line());
    expect(points).not.toBeNull();
    // Every segment is level (the balance held) or upright (it changed), never a ramp.
    points?.slice(1).forEach(([x, y], i) => {
      const [previousX, previousY] = points[i] as [number, number];
      expect(x === previousX || y === previousY).toBe(true);
    });
  });

  it('draws a single day as its balance across the chart, labelled', () => {
    const { container, getByRole, yLabels } = renderChart([day('2026-11-25', 1_500_000)]);
    expect(getByRole('img').getAttribute('aria-label')?.replaceAll('\u00a0', ' ')).toBe(
      'Daily total balance: UAH 15,000.00 on 25 Nov 2026',
    );
    expect(yLabels()).toEqual(['UAH 15k']);
    expect(container.querySelector('[data-part="single-day-line"]')).not.toBeNull();
  });

  it('names the day under the pointer with its balance, until a mouse leaves', () => {
    const { getByRole } = renderChart([
      day('2026-11-01', 9_000_000),
      day('2026-11-02', 9_000_000),
      day('2026-11-03', 7_750_000),
    ]);
    const chart = getByRole('img');
    // Unmeasured (no layout here), the chart is 600 px wide: near its right edge is the last day.
    fireEvent.pointerMove(chart, { clientX: 590, clientY: 50, pointerType: 'mouse' });
    const tooltip = () => screen.queryByText('3 Nov 2026')?.parentElement?.textContent?.replaceAll('\u00a0', ' ');
    expect(tooltip()).toBe('3 Nov 2026UAH 77,500.00');
    fireEvent.pointerLeave(chart, { pointerType: 'mouse' });
    expect(tooltip()).toBeUndefined();
    // A tap leaves its day shown.
    fireEvent.pointerDown(chart, { clientX: 590, clientY: 50, pointerType: 'touch' });
    fireEvent.pointerLeave(chart, { pointerType: 'touch' });
    expect(tooltip()).toBe('3 Nov 2026UAH 77,500.00');
  });

  it('names months along the bottom over a longer span, each on its first day', () => {
    const days = Array.from({ length: 120 }, (_, i) => {
      const date = new Date(Date.UTC(2026, 6, 1 + i));
      return day(date.toISOString().slice(0, 10), 1_000_000 + i);
    });
    const { container } = renderChart(days);
    const labels = [...container.querySelectorAll('[data-part="category-axis"] text')].map((text) => text.textContent);
    expect(labels).toEqual(['Aug 26', 'Sept 26', 'Oct 26']);
  });

  it('steps through the days with the arrow keys once focused, from the latest', async () => {
    const user = userEvent.setup();
    const { getByRole } = renderChart([
      day('2026-11-01', 9_000_000),
      day('2026-11-02', 8_000_000),
      day('2026-11-03', 7_750_000),
    ]);
    await user.tab();
    expect(document.activeElement).toBe(getByRole('img'));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('3 Nov 2026')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.queryByText('3 Nov 2026')).toBeNull();
    expect(screen.getByText('2 Nov 2026').parentElement?.textContent?.replaceAll('\u00a0', ' ')).toBe(
      '2 Nov 2026UAH 80,000.00',
    );
    await user.keyboard('{Home}');
    expect(screen.getByText('1 Nov 2026')).toBeTruthy();
    await user.tab();
    expect(screen.queryByText('1 Nov 2026')).toBeNull();
  });
});
