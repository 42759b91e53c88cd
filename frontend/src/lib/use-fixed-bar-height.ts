import { type RefObject, useLayoutEffect } from 'react';

/**
 * Publishes the height of a bar fixed to the bottom of the screen as a CSS variable on <html>
 * (e.g. --bottom-nav-height), while it is mounted. index.css adds them up for the page's
 * scroll-padding (focus never lands under a fixed bar) and for where toasts sit.
 *
 * The height comes from a ResizeObserver (observing it from a layout effect), whose first report
 * arrives once the browser has laid the bar out, before that frame is painted: reading
 * `offsetHeight` here instead would force that layout inside React's commit. A bar with a
 * min-height (its designed height, which index.css also uses as the variable's fallback)
 * publishes only while it is taller than that, so in the usual case nothing is written to
 * <html>, whose style change would restyle the whole page.
 */
export function useFixedBarHeight(ref: RefObject<HTMLElement | null>, variable: `--${string}`): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement;
    let published = false;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const height = entry.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
      const designed = parseFloat(getComputedStyle(element).minHeight) || 0;
      if (height > designed + 0.5) {
        root.style.setProperty(variable, `${height}px`);
        published = true;
      } else if (published) {
        root.style.removeProperty(variable);
        published = false;
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (published) root.style.removeProperty(variable);
    };
  }, [ref, variable]);
}
