import { create } from 'zustand';
import { THEME_STORAGE_KEY } from '../lib/constants.ts';
import { local } from '../lib/storage.ts';

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

const LIGHT_SCHEME_QUERY = '(prefers-color-scheme: light)';

export function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}

/** A saved valid choice wins, then the OS preference; without either, dark. */
export function resolveInitialTheme(saved: string | null, prefersLight: boolean): Theme {
  if (isTheme(saved)) return saved;
  return prefersLight ? 'light' : 'dark';
}

/**
 * The colour of the bar around the page (the browser's, or an installed app's title bar): each
 * palette's background (index.css). index.html starts with one per OS scheme; a theme chosen here
 * sets both, since the page shows it whatever the OS prefers.
 */
export const THEME_COLORS: Record<Theme, string> = { dark: '#0c0e13', light: '#f8f9fb' };

function applyTheme(theme: Theme): void {
  const other: Theme = theme === 'dark' ? 'light' : 'dark';
  document.body.classList.remove(other);
  document.body.classList.add(theme);
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', THEME_COLORS[theme]);
  }
}

type ThemeState = {
  theme: Theme;
  toggle: () => void;
};

export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: 'dark',
  toggle() {
    const next: Theme = get().theme === 'dark' ? 'light' : 'dark';
    local.set(THEME_STORAGE_KEY, next);
    applyTheme(next);
    set({ theme: next });
  },
}));

/**
 * Applies the start-up theme to <body>. Runs before React renders, so the first paint has the right
 * palette. Until the user picks a theme, later OS scheme changes are followed too.
 */
export function initTheme(): void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(LIGHT_SCHEME_QUERY) : null;
  const theme = resolveInitialTheme(local.get(THEME_STORAGE_KEY), media?.matches ?? false);
  applyTheme(theme);
  useThemeStore.setState({ theme });
  media?.addEventListener('change', (event) => {
    if (isTheme(local.get(THEME_STORAGE_KEY))) return;
    const next: Theme = event.matches ? 'light' : 'dark';
    applyTheme(next);
    useThemeStore.setState({ theme: next });
  });
}
