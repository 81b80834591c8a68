import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { useSessionStore } from '../../stores/session.ts';
import { UserMenu } from './user-menu.tsx';

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('UserMenu', () => {
  it('opens on the avatar and says who is signed in, in the chosen language', async () => {
    useSessionStore.setState({
      token: 'token',
      user: { id: 1, username: 'olena', createdAt: '2026-01-01T00:00:00.000Z', monobankConnected: false },
    });
    await setLocale('uk');
    render(
      <MemoryRouter>
        <UserMenu />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByText('olena').parentElement?.textContent).toBe('Ви увійшли як olena');
    expect(screen.getByRole('link', { name: 'Ваш обліковий запис' }).getAttribute('href')).toBe('/settings/user');
  });
});
