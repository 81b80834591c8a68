import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../lib/i18n.ts';
import { setDisplayTimeZone } from '../lib/locale.ts';
import { noteAnswer, noteUnreachable, showingAsOf, useConnectionStore } from '../stores/connection.ts';
import { useSessionStore } from '../stores/session.ts';
import { ConnectionNotice } from './connection-notice.tsx';

const notice = () => screen.queryByRole('status');

afterEach(() => {
  setDisplayTimeZone(null);
  useSessionStore.setState({ token: null });
});

describe('the notice that there is no connection', () => {
  it('shows only while the browser is offline or the server away, and says as of when', () => {
    setDisplayTimeZone('Europe/Kyiv');
    render(<ConnectionNotice />);
    expect(notice()).toBeNull();

    act(() => {
      noteAnswer(Date.parse('2026-11-30T12:32:00Z'));
      useConnectionStore.setState({ online: false });
    });
    // Nothing was answered since going offline: what shows is as of the last answer, in the user's zone.
    act(() => useConnectionStore.setState({ asOf: Date.parse('2026-11-30T12:32:00Z') }));
    expect(notice()?.textContent).toBe('No connection — showing what was loaded last · as of 30 Nov, 14:32');
    expect(document.documentElement.style.getPropertyValue('--connection-notice-height')).toMatch(/px$/);

    act(() => useConnectionStore.setState({ online: true }));
    expect(notice()).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--connection-notice-height')).toBe('');

    act(() => noteUnreachable());
    expect(notice()?.textContent).toMatch(/^No connection — showing what was loaded last/);
    act(() => noteAnswer());
    expect(notice()).toBeNull();
  });

  it('tells a signed-in person that new transactions wait on this device, in Ukrainian too', async () => {
    await setLocale('uk');
    setDisplayTimeZone('Europe/Kyiv');
    useSessionStore.setState({ token: 'token' });
    render(<ConnectionNotice />);
    act(() => {
      showingAsOf(Date.parse('2026-11-29T07:05:00Z'));
      useConnectionStore.setState({ online: false });
    });
    expect(notice()?.textContent).toBe(
      'Немає з’єднання — показуємо те, що завантажилося востаннє · станом на 29 лист., 09:05' +
        'Нові операції тим часом чекатимуть на цьому пристрої.',
    );
  });
});
