import { useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';

/**
 * Around every route: a page opened by a link or after a form (a new account, say) starts at its
 * top. The window is the one scrolling element and the router leaves it where it was, so a page
 * opened from far down a long one used to open as far down. Back and forward are left to the
 * browser, and a change of the query alone (filters, a month) keeps the place.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return <Outlet />;
}
