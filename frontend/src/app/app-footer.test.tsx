import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { AppFooter, PlainFooter } from './app-footer';

// hydrateRoot is called directly (Testing Library's render creates a root; this test hydrates)
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.useRealTimers();
});

// The pre-rendered frames (scripts/prerender.ts) carry the build's year; the app hydrates them.
it.each([
  ['shell', AppFooter],
  ['plain', PlainFooter],
])('the %s footer hydrates a frame built last year as it is, then shows this year', async (_, Footer) => {
  const ui = (
    <MemoryRouter>
      <Footer />
    </MemoryRouter>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  expect(container.textContent).toContain(`© ${__BUILD_YEAR__} FitTrack. All rights reserved.`);

  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(__BUILD_YEAR__ + 1, 0, 1, 0, 0, 5));
  const recovered = vi.fn();
  await act(async () => {
    hydrateRoot(container, ui, { onRecoverableError: recovered });
  });
  expect(recovered).not.toHaveBeenCalled();
  expect(container.textContent).toContain(`© ${__BUILD_YEAR__ + 1} FitTrack. All rights reserved.`);
});
