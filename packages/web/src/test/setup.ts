import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setLocale, useI18nStore } from '../lib/i18n.ts';
import { resetConnection } from '../stores/connection.ts';

// Components speak through the catalogue: English, as the tests read them, unless a test switches.
await setLocale('en');

// The first render of a file loads the whole app; on a busy machine that alone can pass the default
// 1 s, and at a load of 14 on two cores it passed 3 s (user-settings.test.tsx). A wait that succeeds
// ends as soon as it does; only one that fails takes the whole bound.
configure({ asyncUtilTimeout: 10_000 });

// Globals are off, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  if (useI18nStore.getState().locale !== 'en') await setLocale('en');
  localStorage.clear();
  // A test that found no server must not leave the next one without a connection.
  resetConnection();
  sessionStorage.clear();
  document.body.className = '';
});
