import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before a filter applies. */
const FILTER_DEBOUNCE_MS = 350;

/**
 * A text field whose value lives elsewhere (the URL): what is typed is committed once typing
 * pauses, and a value changed elsewhere (back, forward, "Clear filters") replaces the draft.
 */
export function useDebouncedDraft(value: string, commit: (text: string) => void, delay = FILTER_DEBOUNCE_MS) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const commitRef = useRef(commit);
  commitRef.current = commit;
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => commitRef.current(draft), delay);
    return () => clearTimeout(timer);
  }, [draft, value, delay]);
  return [draft, setDraft] as const;
}
