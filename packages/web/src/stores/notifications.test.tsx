import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationCenter } from '../components/notification-center.tsx';
import { NOTIFICATION_VISIBILITY_MS } from '../lib/constants.ts';
import { notify, useNotificationsStore } from './notifications.ts';

const visible = () => useNotificationsStore.getState().notifications;

describe('notifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useNotificationsStore.getState().reset();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('never shows the same id twice at once', () => {
    notify('error', 'Cannot load categories', { id: 'categories' });
    notify('error', 'Cannot load categories again', { id: 'categories' });
    expect(visible()).toHaveLength(1);
    expect(visible()[0]?.message).toBe('Cannot load categories');
  });

  it('uses the message as the id by default, so repeats are not stacked', () => {
    notify('error', 'Unexpected error.');
    notify('error', 'Unexpected error.');
    notify('info', 'Something else');
    expect(visible().map((notification) => notification.message)).toEqual(['Unexpected error.', 'Something else']);
  });

  it('hides a toast after 4000 ms by default', () => {
    expect(NOTIFICATION_VISIBILITY_MS).toBe(4000);
    notify('success', 'Saved');
    vi.advanceTimersByTime(NOTIFICATION_VISIBILITY_MS - 1);
    expect(visible()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(visible()).toHaveLength(0);
  });

  it('honours a custom duration', () => {
    notify('info', 'Quick', { duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect(visible()).toHaveLength(0);
  });

  it('shows an id again once the earlier toast is gone', () => {
    notify('warning', 'Careful', { id: 'careful' });
    vi.advanceTimersByTime(NOTIFICATION_VISIBILITY_MS);
    notify('warning', 'Careful', { id: 'careful' });
    expect(visible()).toHaveLength(1);
    vi.advanceTimersByTime(NOTIFICATION_VISIBILITY_MS - 1);
    expect(visible()).toHaveLength(1);
  });

  it('holds the timer while paused and resumes with the time left', () => {
    notify('info', 'Read me');
    vi.advanceTimersByTime(3000);
    useNotificationsStore.getState().pause('Read me');
    vi.advanceTimersByTime(60_000);
    expect(visible()).toHaveLength(1);
    useNotificationsStore.getState().resume('Read me');
    vi.advanceTimersByTime(999);
    expect(visible()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(visible()).toHaveLength(0);
  });

  it('renders each type with its role and a close button', async () => {
    vi.useRealTimers();
    render(<NotificationCenter />);
    act(() => {
      notify('error', 'Failed to fetch data from the server.');
      notify('warning', 'Unauthorized. Please, login first.');
      notify('success', 'UAH is your base currency.');
      notify('info', 'Sync finished');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.style.width).toBe('370px');
    expect(screen.getAllByRole('alert').map((element) => element.textContent)).toEqual([
      'Error:Failed to fetch data from the server.',
      'Warning:Unauthorized. Please, login first.',
    ]);
    expect(screen.getAllByRole('status')).toHaveLength(2);

    const closeButtons = screen.getAllByRole('button', { name: 'Close notification' });
    expect(closeButtons).toHaveLength(4);
    await userEvent.click(closeButtons[0] as HTMLElement);
    expect(screen.queryByText('Failed to fetch data from the server.')).toBeNull();
    expect(visible()).toHaveLength(3);
  });

  it('offers an action that runs once and closes the toast', async () => {
    vi.useRealTimers();
    const run = vi.fn();
    render(<NotificationCenter />);
    act(() => {
      notify('info', 'Category changed.', { action: { label: 'Remember for this merchant', run } });
    });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Information:Category changed.');
    await userEvent.click(screen.getByRole('button', { name: 'Remember for this merchant' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(visible()).toHaveLength(0);
  });
});
