import { EllipsisVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from './dropdown-menu.tsx';

/** The "⋮" button at the end of a row, opening the actions on that row's thing. */
export function RowActions({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="size-9 text-muted-foreground">
          <EllipsisVertical aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        onCloseAutoFocus={(event) => {
          // An item that opened a dialog has put the focus in it: taking it back to this button
          // would blur the dialog's first field, and a blur shows its "required" error at once.
          if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) event.preventDefault();
        }}
      >
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
