import { CircleAlert, CircleCheck, Info, type LucideIcon, TriangleAlert, X } from 'lucide-react';
import { TOAST_WIDTH_PX } from '../lib/constants.ts';
import { type MessageKey, useT } from '../lib/i18n.ts';
import { cn } from '../lib/utils.ts';
import { type AppNotification, type NotificationType, useNotificationsStore } from '../stores/notifications.ts';

const looks: Record<NotificationType, { icon: LucideIcon; accent: string; label: MessageKey }> = {
  success: { icon: CircleCheck, accent: 'text-success border-l-success', label: 'notification.success' },
  info: { icon: Info, accent: 'text-info border-l-info', label: 'notification.info' },
  warning: { icon: TriangleAlert, accent: 'text-warning border-l-warning', label: 'notification.warning' },
  error: { icon: CircleAlert, accent: 'text-destructive border-l-destructive', label: 'notification.error' },
};

function Toast({ notification }: { notification: AppNotification }) {
  const { dismiss, pause, resume } = useNotificationsStore.getState();
  const { icon: Icon, accent, label } = looks[notification.type];
  const t = useT();
  const urgent = notification.type === 'error' || notification.type === 'warning';
  return (
    <li
      className={cn(
        'pointer-events-auto flex animate-toast-in items-start gap-3 rounded-lg border border-l-4 bg-popover p-3.5 text-popover-foreground shadow-elevated',
        accent,
      )}
      onPointerEnter={() => pause(notification.id)}
      onPointerLeave={() => resume(notification.id)}
      onFocus={() => pause(notification.id)}
      onBlur={() => resume(notification.id)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-1.5">
        <div role={urgent ? 'alert' : 'status'} aria-atomic="true" className="flex max-w-full min-w-0 flex-col gap-0.5">
          <span className="sr-only">{t(label)}:</span>
          {notification.title ? <p className="text-sm font-semibold text-foreground">{notification.title}</p> : null}
          <p className="text-sm break-words text-foreground">{notification.message}</p>
        </div>
        {notification.action ? (
          <button
            type="button"
            onClick={() => {
              dismiss(notification.id);
              notification.action?.run();
            }}
            className="cursor-pointer rounded-md text-left text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            {notification.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismiss(notification.id)}
        aria-label={t('notification.close')}
        className="-m-1 flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/**
 * Toasts at the top right, 370 px wide (narrower only when the screen is). They start
 * below the 4rem header so a toast never covers "Add transaction" or the theme switch while it lasts
 * (and below the notice that there is no connection, when it shows).
 */
export function NotificationCenter() {
  const t = useT();
  const notifications = useNotificationsStore((state) => state.notifications);
  return (
    <section
      aria-label={t('notification.list')}
      className="pointer-events-none fixed top-[calc(5rem+var(--connection-notice-height,0px))] right-4 z-50"
      style={{ width: TOAST_WIDTH_PX, maxWidth: 'calc(100vw - 2rem)' }}
    >
      <ol className="flex flex-col gap-2">
        {notifications.map((notification) => (
          <Toast key={notification.id} notification={notification} />
        ))}
      </ol>
    </section>
  );
}
