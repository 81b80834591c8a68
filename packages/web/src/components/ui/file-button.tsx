import { useRef } from 'react';
import { Button, type ButtonProps } from './button.tsx';

type FileButtonProps = Omit<ButtonProps, 'onClick' | 'asChild'> & {
  /** The file input's `accept`: ".csv,text/csv". */
  accept: string;
  /** The input's accessible name: what the button says. */
  label: string;
  onFile: (file: File) => void;
};

/** A button that opens the system's file chooser; the chosen file is handed on (the same one may be chosen again). */
export function FileButton({ accept, label, onFile, children, ...props }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...props} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={label}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
