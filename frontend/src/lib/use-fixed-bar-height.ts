import { type RefObject, useLayoutEffect } from 'react';

/**
 * Publishes the height of a bar fixed to the bottom of the screen as a CSS variable on <html>
 * (e.g. --bottom-nav-height), while it is mounted. index.css adds them up for the page's
 * scroll-padding (focus never lands under a fixed bar) and for where toasts sit.
 */
export function useFixedBarHeight(ref: RefObject<HTMLElement | null>, variable: `--${string}`): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(variable, `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : undefined;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(variable);
    };
  }, [ref, variable]);
}
