import { type MouseEvent } from 'react';

/**
 * 'Skip to content', the first focusable element of every layout: shown when focused, it moves
 * focus to the screen's heading (or the main area), past the header and the navigation.
 */
export function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById('main');
    if (!main) return;
    event.preventDefault();
    const target = main.querySelector<HTMLElement>('h1') ?? main;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a
      href="#main"
      onClick={onClick}
      className="sr-only z-50 rounded-lg bg-white text-sm font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-3"
    >
      Skip to content
    </a>
  );
}
