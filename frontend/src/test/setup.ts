import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { act } from 'react';
import { afterEach, vi } from 'vitest';
import { removeToast } from '@/components/ui/use-toast';

// jsdom lacks pointer capture, which Radix toast uses for swipe gestures.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
}

// Lazily loaded screens can take more than Testing Library's default 1 s to appear on a busy CI
// machine (2 cores shared with the emulators): wait up to 5 s. A test still fails if the element
// never appears; only the waiting is longer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // The toast store is module state: start every test without toasts.
  act(() => removeToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});
