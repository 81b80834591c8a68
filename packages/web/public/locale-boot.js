// Runs before the app's code arrives, so the page names its language and describes itself in the
// language the app will speak: the one chosen here before (lib/constants.ts LOCALE_STORAGE_KEY),
// else the browser's first (lib/i18n.ts resolveInitialLocale). A file of its own, not inline: the
// server's Content-Security-Policy runs only scripts of our origin. The descriptions are the
// catalogues' `shell.description` (locale-boot.test.ts keeps them equal); the app sets both again
// whenever the language changes. The web-app manifest is the language's own too (its name and
// short name on the home screen), `manifest.<locale>.webmanifest` beside the English default.
(() => {
  const DESCRIPTIONS = {
    en: 'Kopiyka — your self-hosted personal finance app',
    uk: 'Kopiyka — застосунок для особистих фінансів на вашому власному сервері',
  };
  const MANIFESTS = { en: '/manifest.webmanifest', uk: '/manifest.uk.webmanifest' };
  let saved = null;
  try {
    saved = localStorage.getItem('preferred-locale');
  } catch {
    // Storage may be off (a private window's settings): the browser's language decides.
  }
  const tag = saved ?? (navigator.languages || [navigator.language])[0] ?? '';
  const locale = tag.trim().toLowerCase().split('-')[0] === 'uk' ? 'uk' : 'en';
  document.documentElement.lang = locale;
  document.querySelector('meta[name="description"]')?.setAttribute('content', DESCRIPTIONS[locale]);
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', MANIFESTS[locale]);
})();
