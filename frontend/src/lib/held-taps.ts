declare global {
  interface Window {
    /** Taps on the live pre-rendered frame before the app took it over (public/appearance.js). */
    __heldTaps?: HTMLElement[];
  }
}

/**
 * Does what the person asked for before the app had taken over the pre-rendered frame: the
 * sign-in page's frame is live (scripts/prerender.ts), so its fields take text at once, while a tap
 * on one of its buttons, or a form's submission, is held by the page's inline script
 * (public/appearance.js) instead of being done by the browser. Called once, after the app's first
 * commit (main.tsx): each held button is clicked and each held form submitted, in order, once, if
 * still in the page, so the app's own handlers run with what was typed.
 */
export function replayHeldTaps(): void {
  for (const target of window.__heldTaps?.splice(0) ?? []) {
    if (!target.isConnected) continue;
    if (target instanceof HTMLFormElement) target.requestSubmit();
    else target.click();
  }
}
