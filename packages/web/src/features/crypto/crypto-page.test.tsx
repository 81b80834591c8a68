import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { freshAppEachTest, renderApp, signedInServer } from '../../test/app.tsx';

describe('crypto page', () => {
  freshAppEachTest(new Date(2026, 10, 22, 12));

  it('says plainly that Binance is coming, and offers a manual crypto account meanwhile', async () => {
    signedInServer();
    renderApp('/crypto');
    expect(await screen.findByText('Binance holdings are coming')).toBeTruthy();
    expect(screen.getByText(/Linking a Binance account is not available yet/)).toBeTruthy();
    const main = screen.getByRole('main');
    // Nothing that promises a connection which does not exist.
    expect(screen.queryByText(/^Connect/)).toBeNull();
    expect([...main.querySelectorAll('a, button')].map((control) => control.textContent)).toEqual([
      'Add a crypto account',
    ]);
    expect(screen.getByRole('link', { name: 'Add a crypto account' }).getAttribute('href')).toBe('/create-account');
  });
});
