import { type RefObject, useEffect, useEffectEvent } from 'react';

/**
 * Calls `handler` when a pointer goes down outside the element of `ref`. Pointer events
 * cover mouse, touch and pen alike. Pass `enabled = false` to stop listening, e.g. while closed.
 */
export function useClickOutside<T extends Element>(
  ref: RefObject<T | null>,
  handler: (event: PointerEvent) => void,
  enabled = true,
): void {
  const onOutside = useEffectEvent(handler);
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: PointerEvent) => {
      const element = ref.current;
      if (element && event.target instanceof Node && !element.contains(event.target)) onOutside(event);
    };
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [ref, enabled]);
}
