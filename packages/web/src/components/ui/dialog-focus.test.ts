import { afterEach, describe, expect, it } from 'vitest';
import { openerOf } from './dialog-focus.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('openerOf', () => {
  it('is the control that had the focus', () => {
    document.body.innerHTML = '<button type="button">Add</button>';
    const button = document.querySelector('button');
    expect(openerOf(button)).toBe(button);
  });

  it("is the menu's button for an item of a menu, which goes with the menu", () => {
    document.body.innerHTML = `
      <button type="button" id="menu-button">Actions</button>
      <div role="menu" aria-labelledby="menu-button"><div role="menuitem">Rename</div></div>`;
    expect(openerOf(document.querySelector('[role="menuitem"]'))).toBe(document.getElementById('menu-button'));
  });

  it('is nothing when nothing had the focus', () => {
    expect(openerOf(document.body)).toBeNull();
    expect(openerOf(null)).toBeNull();
  });
});
