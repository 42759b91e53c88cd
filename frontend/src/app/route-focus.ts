import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a lazily loaded screen (or one waiting for its data) may take to show its heading. */
const HEADING_WAIT_MS = 5000;

/** Focuses the screen's h1 (made focusable by script only, tabindex -1); false while there is none. */
function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * On a route change (a new pathname; a tab kept in the query string is not one), as a page load
 * would: scroll to the top (not on Back/Forward, where the browser restores the position) and move
 * focus to the new screen's heading, so a screen reader announces it and Tab starts from the top
 * of the content. A screen that shows its heading later (lazy chunk, data) gets focus then, unless
 * the user has moved focus meanwhile. Nothing happens on the first load.
 */
export function useRouteChangeFocus(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    const focusedBefore = document.activeElement;
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      // The user moved focus meanwhile (e.g. into a form): leave it where it is.
      if (document.activeElement !== focusedBefore && document.activeElement !== document.body) observer.disconnect();
      else if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, navigationType]);
}
