import { beforeEach, describe, expect, it } from 'vitest';
import { afterSignIn, redirectTarget, rememberLeftPage } from '../lib/paths.ts';
import { guestRedirect, protectedRedirect, sessionRedirect, signInPath } from './guards.ts';

describe('route guards', () => {
  it('sends a visitor without a token to sign-in, remembering the full original path', () => {
    expect(protectedRedirect(null, '/budgets?x=1')).toBe('/sign-in?redirect=%2Fbudgets%3Fx%3D1');
    expect(protectedRedirect(null, '/account/12')).toBe('/sign-in?redirect=%2Faccount%2F12');
    expect(protectedRedirect('token', '/budgets?x=1')).toBeNull();
  });

  it('needs no redirect value for the root', () => {
    expect(signInPath('/')).toBe('/sign-in');
  });

  it('sends a signed-in user away from sign-in and sign-up to the root', () => {
    expect(guestRedirect('token')).toBe('/');
    expect(guestRedirect(null)).toBeNull();
  });

  it('sends a user without a base currency to welcome, wherever they were going', () => {
    expect(sessionRedirect(false, '/')).toBe('/welcome');
    expect(sessionRedirect(false, '/dashboard')).toBe('/welcome');
    expect(sessionRedirect(false, '/settings/user')).toBe('/welcome');
    expect(sessionRedirect(false, '/welcome')).toBeNull();
  });

  it('sends a user with a base currency from the root and from welcome home', () => {
    expect(sessionRedirect(true, '/')).toBe('/dashboard');
    expect(sessionRedirect(true, '/welcome')).toBe('/dashboard');
    expect(sessionRedirect(true, '/budgets')).toBeNull();
  });

  describe('redirect after sign-in', () => {
    const origin = 'https://kopiyka.example';

    it('follows a path of this site, with its query and hash', () => {
      expect(redirectTarget('/budgets?x=1', origin)).toBe('/budgets?x=1');
      expect(redirectTarget('/settings/user#top', origin)).toBe('/settings/user#top');
    });

    it('falls back to the root for anything that is not a same-site path', () => {
      for (const value of [
        null,
        '',
        'budgets',
        'https://evil.example/',
        '//evil.example/x',
        '/\\evil.example',
        'javascript:alert(1)',
        '/sign-in?redirect=/x',
      ]) {
        expect(redirectTarget(value, origin)).toBe('/');
      }
    });
  });

  describe('back to the page a session ended on', () => {
    const origin = 'https://kopiyka.example';
    beforeEach(() => sessionStorage.clear());

    it('leads the same person back, whatever the case of the name they type', () => {
      rememberLeftPage('olena', '/budgets/7?tab=spent');
      expect(afterSignIn('/budgets/7?tab=spent', 'Olena', origin)).toBe('/budgets/7?tab=spent');
      rememberLeftPage('Straße', '/accounts');
      expect(afterSignIn('/accounts', 'STRASSE', origin)).toBe('/accounts');
    });

    it('leads someone else to the root instead of the page the last person left', () => {
      rememberLeftPage('olena', '/budgets/7');
      expect(afterSignIn('/budgets/7', 'taras', origin)).toBe('/');
    });

    it('remembers the page for one sign-in only, and follows a deep link no session ended on', () => {
      rememberLeftPage('olena', '/budgets/7');
      afterSignIn('/budgets/7', 'olena', origin);
      expect(afterSignIn('/budgets/7', 'taras', origin)).toBe('/budgets/7');
      rememberLeftPage('olena', '/budgets/7');
      expect(afterSignIn('/accounts', 'taras', origin)).toBe('/accounts');
    });

    it('never leaves the site, whoever signs in', () => {
      rememberLeftPage('olena', '//evil.example/x');
      expect(afterSignIn('//evil.example/x', 'olena', origin)).toBe('/');
    });
  });
});
