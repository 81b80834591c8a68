import { useEffect } from 'react';
import { create } from 'zustand';

const APP_NAME = 'Kopiyka';

/** The one thing the open page is about (an account, a budget), named first in the tab's title. */
const useSubjectStore = create<{ subject: string | null }>(() => ({ subject: null }));

/**
 * Keeps the browser tab in step with the page: the thing it shows, then its names from the most
 * particular out, then the app: "Cash · Accounts · Kopiyka", "Currencies · Settings · Kopiyka".
 */
export function useDocumentTitle(...names: string[]): void {
  const subject = useSubjectStore((state) => state.subject);
  const title = [subject, ...names.filter((name) => name !== APP_NAME), APP_NAME].filter(Boolean).join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Names the thing a page is about in the tab's title while the page shows it; undefined while it loads. */
export function useDocumentSubject(subject: string | undefined): void {
  useEffect(() => {
    if (subject === undefined) return;
    useSubjectStore.setState({ subject });
    return () => useSubjectStore.setState({ subject: null });
  }, [subject]);
}
