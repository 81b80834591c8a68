import { useEffect } from 'react';

/** Keeps the browser tab in step with the page. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === 'Kopiyka' ? title : `${title} · Kopiyka`;
  }, [title]);
}
