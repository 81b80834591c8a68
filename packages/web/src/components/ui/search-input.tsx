import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';
import { Input } from './input.tsx';

/** An input with a magnifier at its start; props and `className` go to the input itself. */
export function SearchInput({ className, ...props }: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input className={cn('pl-9', className)} {...props} />
    </div>
  );
}
