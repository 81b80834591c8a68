/** Chart colours from the theme's variables, so both themes draw them right without a re-render. */
export const INCOME_COLOR = 'var(--success)';
export const EXPENSE_COLOR = 'var(--destructive)';
