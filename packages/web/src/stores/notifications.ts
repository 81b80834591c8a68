import { create } from 'zustand';
import { NOTIFICATION_VISIBILITY_MS } from '../lib/constants.ts';

export const NOTIFICATION_TYPES = ['warning', 'error', 'success', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A button in a toast: what the message offers to do ("Undo", "Remember"); the toast closes when it is pressed. */
export type NotificationAction = {
  label: string;
  run: () => void;
};

export type AppNotification = {
  id: string;
  type: NotificationType;
  message: string;
  title?: string;
  action?: NotificationAction;
};

export type NotifyOptions = {
  /** Defaults to the message, so the same message is never stacked twice. */
  id?: string;
  title?: string;
  /** Milliseconds before the toast hides itself. */
  duration?: number;
  action?: NotificationAction;
};

type NotificationsState = {
  notifications: AppNotification[];
  /** Shows a toast unless one with the same id is visible; returns the id either way. */
  notify: (type: NotificationType, message: string, options?: NotifyOptions) => string;
  dismiss: (id: string) => void;
  /** Stops the hide timer while the pointer or focus is on the toast, so it can be read. */
  pause: (id: string) => void;
  resume: (id: string) => void;
  reset: () => void;
};

type Timer = { handle: ReturnType<typeof setTimeout> | undefined; remaining: number; startedAt: number };

const timers = new Map<string, Timer>();
/** After a pause the toast stays at least this long, so it does not vanish the instant the pointer leaves. */
const MIN_RESUME_MS = 1000;

export const useNotificationsStore = create<NotificationsState>()((set, get) => {
  function schedule(id: string, ms: number) {
    timers.set(id, { handle: setTimeout(() => get().dismiss(id), ms), remaining: ms, startedAt: Date.now() });
  }

  return {
    notifications: [],
    notify(type, message, options = {}) {
      const id = options.id ?? message;
      if (get().notifications.some((notification) => notification.id === id)) return id;
      const notification: AppNotification = { id, type, message };
      if (options.title) notification.title = options.title;
      if (options.action) notification.action = options.action;
      set((state) => ({ notifications: [...state.notifications, notification] }));
      schedule(id, options.duration ?? NOTIFICATION_VISIBILITY_MS);
      return id;
    },
    dismiss(id) {
      clearTimeout(timers.get(id)?.handle);
      timers.delete(id);
      set((state) => ({ notifications: state.notifications.filter((notification) => notification.id !== id) }));
    },
    pause(id) {
      const timer = timers.get(id);
      if (!timer?.handle) return;
      clearTimeout(timer.handle);
      timer.handle = undefined;
      timer.remaining -= Date.now() - timer.startedAt;
    },
    resume(id) {
      const timer = timers.get(id);
      if (!timer || timer.handle) return;
      schedule(id, Math.max(timer.remaining, MIN_RESUME_MS));
    },
    reset() {
      for (const timer of timers.values()) clearTimeout(timer.handle);
      timers.clear();
      set({ notifications: [] });
    },
  };
});

/** Shorthand for code outside React: `notify('error', 'Unexpected error.')`. */
export function notify(type: NotificationType, message: string, options?: NotifyOptions): string {
  return useNotificationsStore.getState().notify(type, message, options);
}
