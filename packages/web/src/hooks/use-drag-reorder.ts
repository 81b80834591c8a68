import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** `ids` with the one at `from` taken out and put in at `to`. */
export function moveItem<T>(ids: readonly T[], from: number, to: number): T[] {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

type Drag = {
  id: number;
  /** The order shown while the item is carried. */
  order: number[];
  /** The pointer that carries it. */
  pointerId: number;
};

/**
 * A list whose items are put in another order by a handle: carried with a pointer (mouse, pen or
 * finger: the handle takes no scrolling), or moved a place at a time with the arrow keys (Home and
 * End: to the top and the bottom) while it has the focus. The list shows `order` while an item is
 * carried; `onMove` gets the new order once it is dropped somewhere else, or at each key press, and
 * the handle keeps the focus as its item moves.
 */
export function useDragReorder(ids: readonly number[], onMove: (ids: number[], movedId: number) => void) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const items = useRef(new Map<number, HTMLElement>());
  const handles = useRef(new Map<number, HTMLElement>());
  /** Where the pointer is, and how far below the carried item's top it took hold. */
  const pointer = useRef({ y: 0, grab: 0 });
  const refocus = useRef<number | null>(null);
  const order = drag?.order ?? [...ids];

  /** Puts the carried item under the pointer, wherever the list has it now. */
  const follow = useCallback((id: number) => {
    const element = items.current.get(id);
    if (!element) return;
    element.style.transform = '';
    const top = element.getBoundingClientRect().top;
    element.style.transform = `translateY(${pointer.current.y - pointer.current.grab - top}px)`;
  }, []);

  useLayoutEffect(() => {
    if (drag) follow(drag.id);
  });

  useEffect(() => {
    if (refocus.current === null) return;
    const handle = handles.current.get(refocus.current);
    refocus.current = null;
    if (handle && document.activeElement !== handle) handle.focus();
  });

  function release(id: number) {
    const element = items.current.get(id);
    if (element) element.style.transform = '';
  }

  /** The place in `current` the carried item's middle has reached. */
  function placeOf(current: readonly number[], id: number): number {
    const element = items.current.get(id);
    if (!element) return current.indexOf(id);
    const middle = pointer.current.y - pointer.current.grab + element.offsetHeight / 2;
    const middleOf = (other: number | undefined) => {
      const box = other === undefined ? undefined : items.current.get(other)?.getBoundingClientRect();
      return box ? box.top + box.height / 2 : undefined;
    };
    let place = current.indexOf(id);
    for (;;) {
      const below = middleOf(current[place + 1]);
      if (below !== undefined && middle > below && place + 1 < current.length) {
        place += 1;
        continue;
      }
      const above = place > 0 ? middleOf(current[place - 1]) : undefined;
      if (above !== undefined && middle < above) {
        place -= 1;
        continue;
      }
      return place;
    }
  }

  function handleProps(id: number) {
    return {
      ref: (element: HTMLElement | null) => {
        if (element) handles.current.set(id, element);
        else handles.current.delete(id);
      },
      style: { touchAction: 'none' } as const,
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (drag || (event.pointerType === 'mouse' && event.button !== 0)) return;
        const element = items.current.get(id);
        if (!element) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        pointer.current = { y: event.clientY, grab: event.clientY - element.getBoundingClientRect().top };
        setDrag({ id, order: [...ids], pointerId: event.pointerId });
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (!drag || drag.id !== id || event.pointerId !== drag.pointerId) return;
        pointer.current.y = event.clientY;
        const from = drag.order.indexOf(id);
        const to = placeOf(drag.order, id);
        if (to !== from) setDrag({ ...drag, order: moveItem(drag.order, from, to) });
        else follow(id);
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        if (!drag || drag.id !== id || event.pointerId !== drag.pointerId) return;
        release(id);
        setDrag(null);
        if (drag.order.some((other, index) => other !== ids[index])) onMove(drag.order, id);
      },
      onPointerCancel: () => {
        if (!drag || drag.id !== id) return;
        release(id);
        setDrag(null);
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        const from = ids.indexOf(id);
        const to = {
          ArrowUp: from - 1,
          ArrowDown: from + 1,
          Home: 0,
          End: ids.length - 1,
        }[event.key];
        if (to === undefined || drag) return;
        event.preventDefault();
        if (to < 0 || to >= ids.length || to === from) return;
        refocus.current = id;
        onMove(moveItem(ids, from, to), id);
      },
    };
  }

  function itemProps(id: number) {
    return {
      ref: (element: HTMLElement | null) => {
        if (element) items.current.set(id, element);
        else items.current.delete(id);
      },
      'data-dragging': drag?.id === id ? true : undefined,
    };
  }

  return { order, dragging: drag?.id ?? null, handleProps, itemProps };
}
