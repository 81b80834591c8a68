import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n.ts';
import { MainNav } from './main-nav.tsx';

const linkNames = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('MainNav in Ukrainian', () => {
  it('names each section the same in the sidebar and in the phone’s tab bar', async () => {
    await setLocale('uk');
    const { unmount } = render(
      <MemoryRouter>
        <MainNav placement="sidebar" className="" />
      </MemoryRouter>,
    );
    expect(linkNames()).toEqual(['Огляд', 'Рахунки', 'Операції', 'Регулярні', 'Бюджети', 'Крипто', 'Параметри']);
    unmount();
    render(
      <MemoryRouter>
        <MainNav placement="bottom-bar" className="" />
      </MemoryRouter>,
    );
    expect(linkNames()).toEqual(['Огляд', 'Рахунки', 'Операції', 'Регулярні', 'Бюджети', 'Крипто', 'Параметри']);
  });
});
