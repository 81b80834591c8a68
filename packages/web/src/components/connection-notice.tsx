import { CloudOff } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useT } from '../lib/i18n.ts';
import { displayLocale, useDisplayTimeZone } from '../lib/locale.ts';
import { isConnected, useConnectionStore } from '../stores/connection.ts';
import { useSessionStore } from '../stores/session.ts';

/**
 * The CSS variable the notice's height is kept in (and the store's `noticeHeight`, for code):
 * what sticks to the top of the page (the shell's header, the sidebar) sits under it.
 */
const HEIGHT_VARIABLE = '--connection-notice-height';

function keepHeight(height: number | null): void {
  const root = document.documentElement;
  if (height === null) root.style.removeProperty(HEIGHT_VARIABLE);
  else root.style.setProperty(HEIGHT_VARIABLE, `${height}px`);
  useConnectionStore.setState({ noticeHeight: height ?? 0 });
}

/** "30 Nov, 14:32" in the user's language and time zone. */
function formatMoment(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat(displayLocale(), {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

/**
 * While the app has no connection (issue 39), a bar across the top of every page says so, and as
 * of when what is shown was loaded; signed in, that new transactions wait on this device.
 */
export function ConnectionNotice() {
  const connected = useConnectionStore(isConnected);
  return connected ? null : <NoticeBar />;
}

function NoticeBar() {
  const asOf = useConnectionStore((state) => state.asOf);
  const signedIn = useSessionStore((state) => state.token !== null);
  const timeZone = useDisplayTimeZone();
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => keepHeight(element.offsetHeight);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      keepHeight(null);
    };
  }, []);

  return (
    <div ref={ref} className="sticky top-0 z-40 bg-background">
      <div
        role="status"
        className="flex items-start gap-2.5 border-b border-warning/40 bg-warning/12 px-4 py-2 text-sm md:px-8"
      >
        <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <p className="min-w-0">
          <span className="font-medium">{t('offline.notice')}</span>
          {asOf === null ? null : (
            <span className="text-muted-foreground">
              {' '}
              · {t('offline.asOf', { time: formatMoment(asOf, timeZone) })}
            </span>
          )}
          {signedIn ? <span className="block text-muted-foreground">{t('offline.keptHere')}</span> : null}
        </p>
      </div>
    </div>
  );
}
