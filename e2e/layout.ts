import { type Page } from 'playwright-core';

/**
 * Layout checks shared by the browser journeys (issue 18 points 4 and 5): what sticks out past the
 * screen's right edge, and where Tab puts the focus.
 */

/** What sticks out past the right edge of the screen (nothing, on every screen). */
export const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5 && e.getClientRects().length > 0)
      .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? '').trim().slice(0, 30)}"`);
    // Content cut off by a box that hides its overflow (a card's rounded corners) is hidden too;
    // a truncated line (ellipsis), screen-reader-only text and a form field's own scrolling are meant to be.
    const clipped = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => {
        const style = getComputedStyle(e);
        return !e.matches('input, select, textarea') && /hidden|clip/.test(style.overflowX) && style.textOverflow !== 'ellipsis' && !style.clip.startsWith('rect') && e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1;
      })
      .map((e) => `clipped ${e.tagName.toLowerCase()} "${(e.textContent ?? '').trim().slice(0, 30)}"`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: [...wide, ...clipped].slice(0, 5), clipped: clipped.length };
  });

/**
 * Whether the focused control can be seen: inside the screen, and the control itself (not a bar, a
 * banner or a toast on top of it) is what is at its centre. Null when it can (or nothing has focus),
 * else a line that names it and what covers it.
 */
export const focusedIsHidden = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    // A visually hidden input (the star rating's radios) shows its focus on its label: check the label.
    const tiny = focused.getBoundingClientRect().width <= 1 && focused.closest('label');
    const el = (tiny || focused) as HTMLElement;
    const r = el.getBoundingClientRect();
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
    if (r.width === 0 || r.height === 0) return `${name} has no size`;
    if (r.bottom < 0 || r.top > window.innerHeight || r.right < 0 || r.left > window.innerWidth) return `${name} is off screen at ${Math.round(r.top)}`;
    const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    if (top && (el === top || el.contains(top) || top.contains(el))) return null;
    const cover = top?.closest('nav, header, footer, .cookie-banner, [role="status"], section');
    return `${name} at ${Math.round(r.top)}-${Math.round(r.bottom)} is under ${cover?.tagName.toLowerCase() ?? top?.tagName.toLowerCase() ?? 'nothing'}`;
  });

/**
 * Tabs through the whole page (until the focus comes back to where it started, or `max` presses),
 * and answers every stop where the focused control could not be seen.
 */
export async function tabWalk(page: Page, max = 120): Promise<{ stops: number; hidden: string[] }> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const hidden: string[] = [];
  let first: string | null = null;
  let stops = 0;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      el.dataset.tabWalk ??= String(Math.random());
      return el.dataset.tabWalk;
    });
    if (id === null) continue;
    if (id === first) break;
    first ??= id;
    stops += 1;
    const h = await focusedIsHidden(page);
    if (h) hidden.push(h);
  }
  return { stops, hidden };
}
