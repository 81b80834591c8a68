import { useMatches } from 'react-router';
import { type MessageKey, useT } from '../../lib/i18n.ts';

/**
 * Routes name their page through `handle`. The header shows the outermost `title` (a settings tab
 * stays under "Settings"); the browser tab names them all, the innermost first.
 */
export type RouteHandle = {
  title: MessageKey;
  /** The page's name in the browser tab where it differs: a detail page goes by its list ("Accounts"). */
  tabTitle?: MessageKey;
};

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The header's title and the browser tab's names, innermost first. */
export function usePageTitle(): { title: string; tabTitles: string[] } {
  const t = useT();
  const handles = useMatches()
    .map((match) => match.handle)
    .filter(hasTitle);
  return {
    title: t(handles[0]?.title ?? 'app.name'),
    tabTitles: handles.map((handle) => t(handle.tabTitle ?? handle.title)).reverse(),
  };
}
