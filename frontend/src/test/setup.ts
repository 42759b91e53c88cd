import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { act } from 'react';
import { afterEach, vi } from 'vitest';
import { removeToast } from '@/components/ui/use-toast';

// jsdom lacks pointer capture, which Radix toast uses for swipe gestures.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
}

afterEach(() => {
  cleanup();
  // The toast store is module state: start every test without toasts.
  act(() => removeToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});
