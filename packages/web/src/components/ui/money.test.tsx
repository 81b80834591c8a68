import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Money } from './money.tsx';

describe('<Money>', () => {
  it('shows income in green with a plus', () => {
    render(<Money minor={1230} currency="USD" kind="income" />);
    const amount = screen.getByText('+US$12.30');
    expect(amount.className).toContain('text-success');
    expect(amount.className).toContain('tabular-nums');
  });

  it('shows an expense with a minus, in the default colour', () => {
    render(<Money minor={1230} currency="USD" kind="expense" />);
    const amount = screen.getByText('\u2212US$12.30');
    expect(amount.className).not.toMatch(/text-(success|destructive)/);
  });

  it('shows a negative balance in red and a positive one plainly', () => {
    render(
      <>
        <Money minor={-50000} currency="EUR" />
        <Money minor={50000} currency="EUR" />
      </>,
    );
    expect(screen.getByText('\u2212€500.00').className).toContain('text-destructive');
    expect(screen.getByText('€500.00').className).not.toContain('text-destructive');
  });

  it('keeps an amount on one line, but lets a headline figure break rather than overflow its box', () => {
    render(
      <>
        <Money minor={123456} currency="UAH" />
        <Money minor={1_000_000_000_000_000} currency="EUR" wrap />
      </>,
    );
    expect(screen.getByText('UAH 1,234.56').className).toContain('whitespace-nowrap');
    const headline = screen.getByText('€10,000,000,000,000.00').className;
    expect(headline).not.toContain('whitespace-nowrap');
    expect(headline).toContain('[overflow-wrap:anywhere]');
  });

  it('keeps the full amount for screen readers and on hover when compact', () => {
    const { container } = render(<Money minor={123456780} currency="UAH" compact />);
    const amount = container.firstElementChild as HTMLElement;
    expect(amount.title).toBe('UAH\u00a01,234,567.80');
    // Testing Library reads the no-break space after the code as a plain one.
    expect(screen.getByText('UAH 1.2m').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('UAH 1,234,567.80').className).toBe('sr-only');
  });
});
