import { describe, expect, it } from 'vitest';
import bootScript from '../../public/locale-boot.js?raw';
import { en } from './messages/en.ts';
import { uk } from './messages/uk.ts';

/** Runs the boot script on this page as the browser would before the app's code. */
function boot(saved: string | null, languages: string[]) {
  document.documentElement.lang = 'en';
  document.head.innerHTML = '<meta name="description" content="">';
  localStorage.clear();
  if (saved !== null) localStorage.setItem('preferred-locale', saved);
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  new Function(bootScript)();
  return {
    lang: document.documentElement.lang,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
  };
}

describe('the language before the app starts', () => {
  it('is the one chosen before, with the catalogue’s description', () => {
    expect(boot('uk', ['en-GB'])).toEqual({ lang: 'uk', description: uk['shell.description'] });
    expect(boot('en', ['uk-UA'])).toEqual({ lang: 'en', description: en['shell.description'] });
  });

  it('is the browser’s first language before any choice', () => {
    expect(boot(null, ['uk-UA', 'en'])).toEqual({ lang: 'uk', description: uk['shell.description'] });
    expect(boot(null, ['de-DE', 'uk'])).toEqual({ lang: 'en', description: en['shell.description'] });
  });
});
