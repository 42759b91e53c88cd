import { readStorage, writeStorage } from '@/lib/storage';

/**
 * Appearance preferences (SPEC.md section 3: theme light or black, default light), kept in
 * browser storage and applied as attributes on <html>. public/appearance.js applies the same
 * keys before the first paint (an external file: the CSP allows no inline script).
 */
export type Theme = 'light' | 'black';
const THEME_KEY = 'theme';
const REDUCE_MOTION_KEY = 'reduceMotion';
const LARGER_TEXT_KEY = 'largerText';

export interface Appearance {
  theme: Theme;
  reduceMotion: boolean;
  largerText: boolean;
}

export function readAppearance(): Appearance {
  return {
    theme: readStorage(THEME_KEY) === 'black' ? 'black' : 'light',
    reduceMotion: readStorage(REDUCE_MOTION_KEY) === 'true',
    largerText: readStorage(LARGER_TEXT_KEY) === 'true',
  };
}

/** Sets the <html> attributes the stylesheet keys on (index.css) and the browser UI colour. */
function applyAppearance(a: Appearance): void {
  const root = document.documentElement;
  root.dataset.theme = a.theme;
  root.dataset.motion = a.reduceMotion ? 'reduce' : 'full';
  root.dataset.text = a.largerText ? 'large' : 'normal';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', a.theme === 'black' ? '#000000' : '#047857');
}

export function saveAppearance(a: Appearance): void {
  writeStorage(THEME_KEY, a.theme);
  writeStorage(REDUCE_MOTION_KEY, String(a.reduceMotion));
  writeStorage(LARGER_TEXT_KEY, String(a.largerText));
  applyAppearance(a);
}

/** True when the user asked for less motion, here or in the operating system. */
export function prefersReducedMotion(): boolean {
  if (document.documentElement.dataset.motion === 'reduce') return true;
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
