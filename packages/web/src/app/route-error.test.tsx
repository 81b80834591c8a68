import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../lib/i18n.ts';
import { RouteError } from './route-error.tsx';

/** A page whose code fails to arrive as `failure` says, shown in the route error. */
function renderFailingPage(failure: Error) {
  const router = createMemoryRouter([{ path: '/', errorElement: <RouteError />, lazy: () => Promise.reject(failure) }]);
  render(<RouterProvider router={router} />);
}

describe('the route error', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says the server cannot be reached when a page’s code did not arrive, and offers to try again', async () => {
    renderFailingPage(new TypeError('Failed to fetch dynamically imported module: /assets/budgets-page.js'));
    expect(await screen.findByText('Can’t reach the server. Check your connection and try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says it in Ukrainian, and asks the server before loading the app anew', async () => {
    await setLocale('uk');
    const probe = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', probe);
    renderFailingPage(new TypeError('Importing a module script failed.'));
    expect(
      await screen.findByText('Не вдається з’єднатися з сервером. Перевірте з’єднання й спробуйте ще раз.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(probe).toHaveBeenCalledTimes(1);
    // The server is still away: the page stays, ready to try again.
    expect((screen.getByRole('button', { name: 'Спробувати ще раз' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps the general words for a page that failed for another reason', async () => {
    renderFailingPage(new Error('Cannot read properties of undefined'));
    expect(await screen.findByText('Something went wrong while showing this page.')).toBeTruthy();
  });
});
