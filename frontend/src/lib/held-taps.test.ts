import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render as prerender } from '@/prerender';
import { json, mockFetch } from '@/test/fetch-mock';
import { runInlineScript } from '@/test/inline-script';
import { renderApp } from '@/test/render-app';
import { replayHeldTaps } from './held-taps';

describe('replayHeldTaps', () => {
  afterEach(() => {
    delete window.__heldTaps;
    document.body.replaceChildren();
  });

  it('clicks each held button and submits each held form, in order, once; skips what has left the page', () => {
    const form = document.createElement('form');
    const button = document.createElement('button');
    button.type = 'button';
    const gone = document.createElement('button');
    document.body.append(form, button);
    const done: string[] = [];
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      done.push('submit');
    });
    button.addEventListener('click', () => done.push('click'));
    gone.addEventListener('click', () => done.push('gone'));
    window.__heldTaps = [button, gone, form];
    replayHeldTaps();
    expect(done).toEqual(['click', 'submit']);
    expect(window.__heldTaps).toEqual([]);
    replayHeldTaps();
    expect(done).toEqual(['click', 'submit']);
  });

  it('does nothing when the page held nothing (no inline script, or a frame that was inert)', () => {
    const spy = vi.spyOn(HTMLElement.prototype, 'click');
    expect(() => replayHeldTaps()).not.toThrow();
    expect(spy).not.toHaveBeenCalled();
  });
});

/** What the tabs show: each tab's look and selection, and which panel (named by its tab) is hidden. */
function tabsState(container: ParentNode) {
  const tabs = [...container.querySelectorAll<HTMLElement>('[role="tab"]')].map((t) => [t.textContent, t.className, t.getAttribute('aria-selected'), t.tabIndex]);
  const panels = [...container.querySelectorAll<HTMLElement>('[role="tabpanel"]')].map((p) => [
    document.getElementById(p.getAttribute('aria-labelledby')!)?.textContent,
    p.hidden,
  ]);
  return { tabs, panels };
}

describe("the inline script's tab switch on the live sign-in frame", () => {
  afterEach(() => {
    delete window.__heldTaps;
    document.body.replaceChildren();
    history.replaceState(null, '', '/');
  });

  it('a tab tapped before the app shows exactly what the app shows for that tab, and is held for the app', async () => {
    // the app's own page, Sign Up chosen
    mockFetch({ 'GET /api/auth/me': () => json({ message: 'Not signed in' }, 401) });
    const { container, unmount } = renderApp('/auth');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Create Account' })).toBeVisible();
    const app = tabsState(container);
    unmount();

    // the pre-rendered frame (scripts/prerender.ts), live, with the inline script, Sign Up tapped
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.prerendered = '/auth';
    root.innerHTML = prerender('/auth');
    document.body.append(root);
    history.replaceState(null, '', '/auth');
    runInlineScript();
    const before = tabsState(root);
    const signUp = [...root.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === 'Sign Up')!;
    expect(signUp.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(false); // held
    expect(tabsState(root)).toEqual(app);
    expect(tabsState(root)).not.toEqual(before);
    expect(window.__heldTaps).toEqual([signUp]);
  });
});
