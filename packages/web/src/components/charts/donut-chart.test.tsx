import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DonutChart, type DonutSlice } from './donut-chart.tsx';

const slices: DonutSlice[] = [
  { id: 1, name: 'Food', color: '#e74c3c', value: 7_500 },
  { id: 2, name: 'Transport', color: '#3498db', value: 2_500 },
  { id: 3, name: 'Gifts', color: '#2ecc71', value: 0 },
];

function renderDonut(shown = slices) {
  return render(<DonutChart slices={shown} currency="UAH" center="75%" label="Expenses" size={200} />);
}

describe('donut chart', () => {
  it('draws a slice for each part that has a value, in its colour', () => {
    const { container } = renderDonut();
    const drawn = [...container.querySelectorAll('[data-part="slice"]')].map((slice) => slice.getAttribute('fill'));
    expect(drawn).toEqual(['#e74c3c', '#3498db']);
    expect(screen.getByRole('img', { name: 'Expenses' }).textContent).toBe('75%');
  });

  it('draws a single part as the whole ring', () => {
    const { container } = renderDonut([slices[0]!]);
    const ring = container.querySelector('[data-part="slice"]')?.getAttribute('d') ?? '';
    // Two half circles outside, two inside: a ring with its hole.
    expect(ring.match(/A/g)).toHaveLength(4);
  });

  it('names the slice under the pointer with its share and amount, and nothing over the hole', () => {
    renderDonut();
    const chart = screen.getByRole('img', { name: 'Expenses' });
    // Food runs clockwise from 12 o'clock over three quarters of the ring; its right side is in it.
    fireEvent.pointerMove(chart, { clientX: 190, clientY: 100, pointerType: 'mouse' });
    expect(screen.getByText('Food').parentElement?.textContent?.replaceAll('\u00a0', ' ')).toBe('Food75%UAH 75.00');
    // Transport is the last quarter, up to 12 o'clock: left of the top.
    fireEvent.pointerMove(chart, { clientX: 20, clientY: 80, pointerType: 'mouse' });
    expect(screen.getByText('Transport')).toBeTruthy();
    fireEvent.pointerMove(chart, { clientX: 100, clientY: 100, pointerType: 'mouse' });
    expect(screen.queryByText('Transport')).toBeNull();
    expect(screen.queryByText('Food')).toBeNull();
  });
});
