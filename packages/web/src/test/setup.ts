import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of a file loads the whole app; on a busy machine that alone can pass the default 1 s.
configure({ asyncUtilTimeout: 3000 });

// Globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.body.className = '';
});
