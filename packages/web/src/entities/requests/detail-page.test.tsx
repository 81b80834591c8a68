import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Box } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { setLocale } from '../../lib/i18n.ts';
import { DetailPage } from './detail-page.tsx';

function ThingPage({ load, noun = 'thing' }: { load: () => Promise<string>; noun?: string }) {
  const thing = useQuery({ queryKey: ['thing'], queryFn: load });
  useDocumentTitle('Things');
  return (
    <DetailPage
      query={thing}
      list={{ path: '/things', label: 'All things' }}
      noun={noun}
      icon={Box}
      placeholder={<p>Stand-in</p>}
      name={(name) => name}
    >
      {(name) => <h1>{name}</h1>}
    </DetailPage>
  );
}

function renderThingPage(load: () => Promise<string>, noun?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ThingPage load={load} noun={noun} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const backLinks = () => screen.getAllByRole('link', { name: 'All things' }).map((link) => link.getAttribute('href'));

describe('<DetailPage>', () => {
  it('links back to the list, stands in while loading, then shows the thing', async () => {
    renderThingPage(async () => 'Lamp');
    expect(screen.getByRole('status', { name: 'Loading' }).textContent).toBe('Stand-in');
    expect(backLinks()).toEqual(['/things']);
    expect(await screen.findByRole('heading', { name: 'Lamp' })).toBeTruthy();
    expect(document.title).toBe('Lamp · Things · Kopiyka');
  });

  it('says when there is no such thing, with a way back to the list', async () => {
    renderThingPage(() => Promise.reject(new ApiError({ code: 'NOT_FOUND', statusText: 'Not found', status: 404 })));
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(backLinks()).toEqual(['/things']);
  });

  it('offers to try again when the thing could not be loaded', async () => {
    let up = false;
    renderThingPage(async () => {
      if (!up) throw new ApiError({ code: 'UNEXPECTED', statusText: 'Down', status: 500 });
      return 'Lamp';
    });
    expect(await screen.findByText('This could not be loaded')).toBeTruthy();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Lamp' })).toBeTruthy();
  });

  it('names what is missing in Ukrainian', async () => {
    await setLocale('uk');
    renderThingPage(
      () => Promise.reject(new ApiError({ code: 'NOT_FOUND', statusText: 'Not found', status: 404 })),
      'account',
    );
    expect(await screen.findByText('Рахунок не знайдено')).toBeTruthy();
  });
});
