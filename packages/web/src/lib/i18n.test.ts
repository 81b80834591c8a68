import { registerBodySchema } from '@kopiyka/shared';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { formatDay, formatDuration } from './dates.ts';
import { issueText, resolveInitialLocale, setLocale, t, tRich } from './i18n.ts';
import { formatMoney } from './money.ts';

/** Intl separates groups and currency with no-break spaces; the tests read them as spaces. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the starting language', () => {
  it('is the saved choice when there is one, else Ukrainian for a uk browser and English otherwise', () => {
    expect(resolveInitialLocale(null, ['uk-UA', 'en'])).toBe('uk');
    expect(resolveInitialLocale(null, ['uk'])).toBe('uk');
    expect(resolveInitialLocale(null, ['en-US', 'uk'])).toBe('en');
    expect(resolveInitialLocale(null, [])).toBe('en');
    expect(resolveInitialLocale('en', ['uk-UA'])).toBe('en');
    expect(resolveInitialLocale('uk', ['de'])).toBe('uk');
  });
});

describe('speaking a language', () => {
  it('sets <html lang> and the texts', async () => {
    await setLocale('uk');
    expect(document.documentElement.lang).toBe('uk');
    expect(t('auth.signIn.submit')).toBe('Увійти');
    await setLocale('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('auth.signIn.submit')).toBe('Sign in');
  });

  it('uses the Ukrainian plural forms: one, few, many', async () => {
    await setLocale('uk');
    expect(formatDuration(60)).toBe('близько 1 хвилини');
    expect(formatDuration(3 * 60)).toBe('близько 3 хвилин');
    expect(formatDuration(5 * 60)).toBe('близько 5 хвилин');
    expect(formatDuration(21 * 60)).toBe('близько 21 хвилини');
    expect(formatDuration(2 * 3600 + 60)).toBe('близько 2 годин 1 хвилини');
  });

  it('ends a sentence on a Ukrainian date with the date’s own full stop', async () => {
    await setLocale('uk');
    const day = formatDay('2026-11-01');
    expect(day).toMatch(/2026 р\.$/);
    expect(t('account.openingHint.bank', { day })).toBe(`На ${day} Те, що повідомив банк, коли ви його підключили.`);
  });

  it('formats money for the language: "1 234,56 ₴" in Ukrainian, "UAH 1,234.56" in English', async () => {
    await setLocale('uk');
    expect(spaced(formatMoney(123456, 'UAH'))).toBe('1 234,56 ₴');
    expect(spaced(formatMoney(-5000, 'UAH'))).toBe('−50,00 ₴');
    await setLocale('en');
    expect(spaced(formatMoney(123456, 'UAH'))).toBe('UAH 1,234.56');
  });
});

describe('tRich', () => {
  it('wraps the tagged part with its function, the parts keyed so React does not complain', async () => {
    await setLocale('uk');
    const complaints = vi.spyOn(console, 'error');
    render(
      createElement(
        'p',
        null,
        tRich('shell.signedInAs', { username: 'olena', name: (chunks) => createElement('b', null, chunks) }),
      ),
    );
    expect(screen.getByText('olena').tagName).toBe('B');
    expect(screen.getByText('olena').parentElement?.textContent).toBe('Ви увійшли як olena');
    expect(complaints).not.toHaveBeenCalled();
  });
});

describe('issueText', () => {
  it('translates the shared schemas’ messages, their numbers and the labels they name', async () => {
    await setLocale('uk');
    const issues = registerBodySchema.safeParse({ username: 'ab', password: 'password' }).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([
      'Ім’я користувача має містити щонайменше 3 символи',
      'Це один із найпоширеніших паролів. Виберіть такий, який важче вгадати',
    ]);
    expect(issueText({ code: 'text.controlCharacters', params: { field: 'name' } })).toBe(
      'Назва: не можна вживати керівні символи, як-от розриви рядків чи табуляцію',
    );
    const unknown = { code: 'not.known', params: {}, message: 'Something the catalogue does not know' } as const;
    expect(issueText(unknown as never)).toBe('Something the catalogue does not know');
  });

  it('leaves English as it is', async () => {
    await setLocale('en');
    const issues = registerBodySchema.safeParse({ username: 'ab', password: 'long enough 1' }).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(['Username must be at least 3 characters']);
    expect(issueText({ code: 'username.tooShort', params: { min: 3 } })).toBe('Username must be at least 3 characters');
  });
});
