import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TruncatedName } from './truncated-name.tsx';

describe('TruncatedName', () => {
  it('cuts the name but keeps a card’s last four digits out of the cut', () => {
    render(<TruncatedName name="Monobank Black •4821" />);
    const digits = screen.getByText('•4821', { exact: false });
    expect(digits.className).not.toContain('truncate');
    expect(screen.getByText('Monobank Black').className).toContain('truncate');
    expect(digits.parentElement?.textContent).toBe('Monobank Black •4821');
  });

  it('cuts a name without a card number as a whole', () => {
    render(<TruncatedName name="Cash" />);
    expect(screen.getByText('Cash').className).toContain('truncate');
  });
});
