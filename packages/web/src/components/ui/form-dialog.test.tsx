import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogForm, FormDialog } from './form-dialog.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

function Form({ error }: { error: string | null }) {
  return (
    <FormDialog open onOpenChange={() => {}} title="New category">
      <DialogForm onSubmit={() => {}} error={error} submitLabel="Add category" submitting={false}>
        <label>
          Name <input />
        </label>
      </DialogForm>
    </FormDialog>
  );
}

describe('DialogForm', () => {
  it('brings a refusal of the whole form into view: under long fields it is scrolled away on a phone', () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { rerender } = render(<Form error={null} />);
    expect(scrolled).not.toHaveBeenCalled();

    rerender(<Form error="You have 500 categories, the most one person can have." />);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('alert'));

    // Typing on re-renders the form; the message stays where the person scrolled it.
    rerender(<Form error="You have 500 categories, the most one person can have." />);
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});
