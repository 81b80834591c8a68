import type { CashFlowPoint } from '@kopiyka/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CashFlowChart } from './cash-flow-chart.tsx';

const month = (period: string, income: number, expense: number): CashFlowPoint => ({
  period,
  income,
  expense,
  net: income - expense,
});

const text = (element: Element | null | undefined) => element?.textContent?.replaceAll('\u00a0', ' ');

describe('cash flow chart', () => {
  const data = [month('2026-09-01', 0, 0), month('2026-10-01', 2_000_000, 1_250_000), month('2026-11-01', 0, 300_000)];

  it('stands each month’s income and expenses on zero, a bar each, none for nothing', () => {
    const { container } = render(<CashFlowChart data={data} currency="UAH" label="Cash flow" height={200} />);
    const bars = [...container.querySelectorAll('[data-part="month-bars"]')].map((pair) =>
      [...pair.querySelectorAll('path')].map((bar) => bar.getAttribute('fill')),
    );
    expect(bars).toEqual([[], ['var(--success)', 'var(--destructive)'], ['var(--destructive)']]);
    const values = [...container.querySelectorAll('[data-part="value-axis"] text')].map(text);
    expect(values).toEqual(['UAH 0', 'UAH 5k', 'UAH 10k', 'UAH 15k', 'UAH 20k']);
    const months = [...container.querySelectorAll('[data-part="category-axis"] text')].map(text);
    expect(months).toEqual(['Sept', 'Oct', 'Nov']);
  });

  it('sums up the month under the pointer', () => {
    render(<CashFlowChart data={data} currency="UAH" label="Cash flow" height={200} />);
    const chart = screen.getByRole('img', { name: 'Cash flow' });
    // Unmeasured (no layout here), the chart is 600 px wide: its middle is the middle month.
    fireEvent.pointerMove(chart, { clientX: 330, clientY: 100, pointerType: 'mouse' });
    expect(text(screen.getByText('October 2026').parentElement)).toBe(
      'October 2026IncomeUAH 20,000.00ExpensesUAH 12,500.00Net+UAH 7,500.00',
    );
    fireEvent.pointerLeave(chart, { pointerType: 'mouse' });
    expect(screen.queryByText('October 2026')).toBeNull();
  });
});

describe('cash flow chart’s months', () => {
  it('shows every month, or where they do not all fit, every second one counted back from the latest', () => {
    const months = (count: number) =>
      Array.from({ length: count }, (_, index) => {
        const start = new Date(Date.UTC(2025, index, 1)).toISOString().slice(0, 10);
        return month(start, 100_000, 50_000);
      });
    const labels = (count: number) => {
      const { container, unmount } = render(
        <CashFlowChart data={months(count)} currency="UAH" label="Cash flow" height={200} />,
      );
      const shown = [...container.querySelectorAll('[data-part="category-axis"] text')].map(text);
      unmount();
      return shown;
    };
    expect(labels(12)).toHaveLength(12);
    // 19 months in the 600 px an unmeasured chart takes: most would fit, but not "Sept" beside its
    // neighbours; rather than a gap there, every other month.
    expect(labels(19)).toEqual(['Jan', 'Mar', 'May', 'Jul', 'Sept', 'Nov', 'Jan', 'Mar', 'May', 'Jul']);
  });
});
