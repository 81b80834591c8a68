import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useClickOutside } from './use-click-outside.ts';

function Box({ onOutside, enabled }: { onOutside: () => void; enabled?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useClickOutside(ref, onOutside, enabled);
  return (
    <div>
      <div ref={ref}>
        <button type="button">inside</button>
      </div>
      <button type="button">outside</button>
    </div>
  );
}

describe('useClickOutside', () => {
  it('calls the handler for a click outside the element only', () => {
    const onOutside = vi.fn();
    render(<Box onOutside={onOutside} />);
    fireEvent.pointerDown(screen.getByText('inside'));
    expect(onOutside).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(onOutside).toHaveBeenCalledTimes(1);
  });

  it('does nothing while disabled', () => {
    const onOutside = vi.fn();
    render(<Box onOutside={onOutside} enabled={false} />);
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(onOutside).not.toHaveBeenCalled();
  });
});
