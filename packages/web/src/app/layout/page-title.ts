import { useMatches } from 'react-router';

/** Routes name their page through `handle: { title }`; the deepest match wins. */
export type RouteHandle = { title: string };

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

export function usePageTitle(): string {
  const matches = useMatches();
  const title = matches.findLast((match) => hasTitle(match.handle))?.handle as RouteHandle | undefined;
  return title?.title ?? 'Kopiyka';
}
