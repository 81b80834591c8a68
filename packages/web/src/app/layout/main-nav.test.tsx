import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { MainNav } from './main-nav.tsx';

const linkNames = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('MainNav in Ukrainian', () => {
  it('names the sections in full in the sidebar, and Settings shortly enough for the phone’s tab bar', async () => {
    await setLocale('uk');
    const { unmount } = render(
      <MemoryRouter>
        <MainNav placement="sidebar" className="" />
      </MemoryRouter>,
    );
    expect(linkNames()).toEqual(['Огляд', 'Рахунки', 'Операції', 'Бюджети', 'Крипто', 'Налаштування']);
    unmount();
    render(
      <MemoryRouter>
        <MainNav placement="bottom-bar" className="" />
      </MemoryRouter>,
    );
    expect(linkNames()).toEqual(['Огляд', 'Рахунки', 'Операції', 'Бюджети', 'Крипто', 'Параметри']);
  });
});
