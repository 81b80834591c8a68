import { beforeEach, describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';
import { THEME_STORAGE_KEY } from '../lib/constants.ts';
import { initTheme, resolveInitialTheme, THEME_COLORS, useThemeStore } from './theme.ts';

type Listener = (event: { matches: boolean }) => void;

/** Pretends the OS asks for the light scheme (or not); returns a way to change it later. */
function osPrefersLight(prefersLight: boolean) {
  const listeners: Listener[] = [];
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(prefers-color-scheme: light)' && prefersLight,
        media: query,
        addEventListener: (_type: string, listener: Listener) => listeners.push(listener),
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
  return {
    change: (matches: boolean) => {
      for (const listener of listeners) listener({ matches });
    },
  };
}

function bodyTheme(): string {
  return document.body.className;
}

describe('theme', () => {
  beforeEach(() => {
    useThemeStore.setState({ theme: 'dark' });
  });

  it('applies a saved valid theme, whatever the OS prefers', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    osPrefersLight(false);
    initTheme();
    expect(bodyTheme()).toBe('light');
    expect(useThemeStore.getState().theme).toBe('light');

    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    osPrefersLight(true);
    initTheme();
    expect(bodyTheme()).toBe('dark');
  });

  it('ignores a saved invalid value and follows the OS preference', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    osPrefersLight(true);
    initTheme();
    expect(bodyTheme()).toBe('light');
  });

  it('follows the OS preference when nothing is saved', () => {
    osPrefersLight(true);
    initTheme();
    expect(bodyTheme()).toBe('light');
  });

  it('defaults to dark without a saved value or a light preference', () => {
    osPrefersLight(false);
    initTheme();
    expect(bodyTheme()).toBe('dark');
    expect(resolveInitialTheme(null, false)).toBe('dark');
    expect(resolveInitialTheme('', false)).toBe('dark');
  });

  it('toggles between dark and light, saving the choice and switching the body class', () => {
    osPrefersLight(false);
    initTheme();
    useThemeStore.getState().toggle();
    expect(bodyTheme()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(useThemeStore.getState().theme).toBe('light');

    useThemeStore.getState().toggle();
    expect(bodyTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('follows later OS changes only until the user has chosen', () => {
    const os = osPrefersLight(false);
    initTheme();
    os.change(true);
    expect(bodyTheme()).toBe('light');

    useThemeStore.getState().toggle();
    os.change(true);
    expect(bodyTheme()).toBe('dark');
  });
});

describe('the colour of the bar around the page', () => {
  const metas = () =>
    [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('content'));

  it('starts as index.html says per OS scheme, in the palettes’ backgrounds', () => {
    const html = new DOMParser().parseFromString(indexHtml, 'text/html');
    const declared = [...html.querySelectorAll('meta[name="theme-color"]')].map((meta) => ({
      media: meta.getAttribute('media'),
      content: meta.getAttribute('content'),
    }));
    expect(declared).toEqual([
      { media: '(prefers-color-scheme: light)', content: THEME_COLORS.light },
      { media: '(prefers-color-scheme: dark)', content: THEME_COLORS.dark },
    ]);
  });

  it('follows the theme chosen here, whatever the OS prefers', () => {
    document.head.innerHTML =
      '<meta name="theme-color" media="(prefers-color-scheme: light)" content=""><meta name="theme-color" media="(prefers-color-scheme: dark)" content="">';
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    osPrefersLight(false);
    initTheme();
    expect(metas()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
    useThemeStore.getState().toggle();
    expect(metas()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
  });
});
