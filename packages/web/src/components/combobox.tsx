import {
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useState,
} from 'react';
import { cn } from '../lib/utils.ts';

const PAGE_STEP = 8;

type ComboboxConfig<T> = {
  /** The options shown, in order. */
  items: readonly T[];
  /** Unique among the items: it names the option's element. */
  keyOf: (item: T) => number;
  /**
   * The option highlighted until the person moves the highlight, at first and again after each
   * change of the query (the selected option, or the best match of a search).
   */
  preferredIndex?: number;
  onQueryChange: (query: string) => void;
  onChoose: (item: T) => void;
  /** Whether Enter chooses the highlighted option; when it does not, Enter goes on to the form. */
  choosesOnEnter?: (item: T) => boolean;
};

/** What `useCombobox` tells an option: its element id, whether it is highlighted, what the mouse does. */
type OptionBinding = { id: string; active: boolean; onChoose: () => void; onHighlight: () => void };

/**
 * A search field driving an always-open listbox (the ARIA combobox pattern): typing filters,
 * arrows and page keys move the highlight, Enter or a click chooses. Focus stays in the field; the
 * highlighted option is named by aria-activedescendant and scrolled into view.
 */
export function useCombobox<T>({
  items,
  keyOf,
  preferredIndex = 0,
  onQueryChange,
  onChoose,
  choosesOnEnter = () => true,
}: ComboboxConfig<T>) {
  const baseId = useId();
  // null: the highlight follows the preferred option; a number once the person moved it there.
  const [moved, setMoved] = useState<number | null>(null);
  // The list can shrink under the highlight (the options change while it is open): it stays on the last one.
  const activeIndex = Math.min(moved ?? preferredIndex, items.length - 1);
  const activeItem = items[activeIndex];
  const optionId = (item: T) => `${baseId}-option-${keyOf(item)}`;
  const activeOptionId = activeItem === undefined ? undefined : optionId(activeItem);
  const listboxId = `${baseId}-listbox`;

  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      PageDown: Math.min(activeIndex + PAGE_STEP, last),
      PageUp: Math.max(activeIndex - PAGE_STEP, 0),
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setMoved(next);
    } else if (event.key === 'Enter' && activeItem !== undefined && choosesOnEnter(activeItem)) {
      event.preventDefault();
      onChoose(activeItem);
    }
  }

  return {
    listboxId,
    /** For the search field, with its own label, placeholder and value. */
    searchProps: {
      role: 'combobox',
      'aria-expanded': true,
      'aria-controls': listboxId,
      'aria-autocomplete': 'list',
      'aria-activedescendant': activeOptionId,
      autoComplete: 'off',
      spellCheck: false,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        onQueryChange(event.target.value);
        setMoved(null);
      },
      onKeyDown,
    },
    /** For the `ComboboxOption` of `item`, shown at `index`. */
    optionProps: (item: T, index: number): OptionBinding => ({
      id: optionId(item),
      active: index === activeIndex,
      onChoose: () => {
        setMoved(index);
        onChoose(item);
      },
      onHighlight: () => setMoved(index),
    }),
  } as const;
}

type ComboboxOptionProps = OptionBinding & {
  selected: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
};

/** One option of a `useCombobox` listbox; the mouse highlights it and a click chooses it. */
export function ComboboxOption({
  id,
  active,
  selected,
  onChoose,
  onHighlight,
  className,
  style,
  children,
}: ComboboxOptionProps) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the search field drives the options by keyboard (aria-activedescendant).
    <div
      id={id}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      // Keeps focus (and typing) in the search field.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      onMouseMove={onHighlight}
      className={cn('flex cursor-pointer items-center rounded-md text-sm', active && 'bg-accent', className)}
      style={style}
    >
      {children}
    </div>
  );
}
