import { render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { BalanceChart, CashFlowChart, preloadCharts } from './charts.tsx';

describe('charts loaded on first use', () => {
  it('hold a placeholder of their size until their code has arrived', async () => {
    const { container } = render(<CashFlowChart data={[]} currency="UAH" label="Cash flow" height={200} />);
    expect(screen.queryByRole('img', { name: 'Cash flow' })).toBeNull();
    expect((container.firstElementChild as HTMLElement).style.height).toBe('200px');
    expect(await screen.findByRole('img', { name: /^Cash flow/ })).toBeTruthy();
  });

  // The balance chart is drawn here first: a lazy component drawn once before would not suspend again.
  it('draw in the same render once it has (React holds a Suspense boundary’s reveal back otherwise)', async () => {
    await preloadCharts();
    // One synchronous render, as a browser's, outside act (which would wait for the code itself).
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      flushSync(() => root.render(<BalanceChart data={[]} currency="UAH" label="Daily total balance" height={200} />));
      expect(container.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Daily total balance');
    } finally {
      root.unmount();
      container.remove();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });
});
