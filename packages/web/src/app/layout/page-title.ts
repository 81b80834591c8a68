import { useMatches } from 'react-router';

/**
 * Routes name their page through `handle`. The header shows the outermost `title` (a settings tab
 * stays under "Settings"); the browser tab names them all, the innermost first.
 */
export type RouteHandle = {
  title: string;
  /** The page's name in the browser tab where it differs: a detail page goes by its list ("Accounts"). */
  tabTitle?: string;
};

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The header's title and the browser tab's names, innermost first. */
export function usePageTitle(): { title: string; tabTitles: string[] } {
  const handles = useMatches()
    .map((match) => match.handle)
    .filter(hasTitle);
  return {
    title: handles[0]?.title ?? 'Kopiyka',
    tabTitles: handles.map((handle) => handle.tabTitle ?? handle.title).reverse(),
  };
}
