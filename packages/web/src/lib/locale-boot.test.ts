import { describe, expect, it } from 'vitest';
import bootScript from '../../public/locale-boot.js?raw';
import { MANIFESTS } from './i18n.ts';
import { en } from './messages/en.ts';
import { uk } from './messages/uk.ts';

/** Runs the boot script on this page as the browser would before the app's code. */
function boot(saved: string | null, languages: string[]) {
  document.documentElement.lang = 'en';
  document.head.innerHTML = '<meta name="description" content=""><link rel="manifest" href="/manifest.webmanifest">';
  localStorage.clear();
  if (saved !== null) localStorage.setItem('preferred-locale', saved);
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  new Function(bootScript)();
  return {
    lang: document.documentElement.lang,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
  };
}

describe('the language before the app starts', () => {
  it('is the one chosen before, with the catalogue’s description', () => {
    expect(boot('uk', ['en-GB'])).toEqual({ lang: 'uk', description: uk['shell.description'], manifest: MANIFESTS.uk });
    expect(boot('en', ['uk-UA'])).toEqual({ lang: 'en', description: en['shell.description'], manifest: MANIFESTS.en });
  });

  it('is the browser’s first language before any choice', () => {
    expect(boot(null, ['uk-UA', 'en'])).toEqual({
      lang: 'uk',
      description: uk['shell.description'],
      manifest: MANIFESTS.uk,
    });
    expect(boot(null, ['de-DE', 'uk'])).toEqual({
      lang: 'en',
      description: en['shell.description'],
      manifest: MANIFESTS.en,
    });
  });
});

describe('the manifests of the languages', () => {
  const manifests = import.meta.glob<string>('../../public/*.webmanifest', {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const read = (url: string) => JSON.parse(manifests[`../../public${url}`] ?? 'null');

  it('are one app (the same id, start, scope and icons) named in each language, described as the catalogue does', () => {
    const english = read(MANIFESTS.en);
    const ukrainian = read(MANIFESTS.uk);
    expect(english).toMatchObject({ lang: 'en', short_name: 'Kopiyka', description: en['shell.description'] });
    expect(ukrainian).toMatchObject({ lang: 'uk', short_name: 'Копійка', description: uk['shell.description'] });
    for (const key of ['id', 'start_url', 'scope', 'display', 'icons', 'background_color', 'theme_color']) {
      expect(ukrainian[key]).toEqual(english[key]);
    }
    expect(english.display).toBe('standalone');
    expect(english.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
  });
});
