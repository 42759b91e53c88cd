import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
  // once: the script adds its listeners to the document, as the page runs it once
  beforeAll(() => runInlineScript());
  afterEach(() => {
    window.__heldTaps?.splice(0);
    document.body.replaceChildren();
    history.replaceState(null, '', '/');
  });

  /** The pre-rendered /auth frame (scripts/prerender.ts), live, as the page has it before the app. */
  function frame() {
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.prerendered = '/auth';
    root.innerHTML = prerender('/auth');
    document.body.append(root);
    history.replaceState(null, '', '/auth');
    const tab = (name: string) => [...root.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name)!;
    return { root, login: tab('Login'), signUp: tab('Sign Up') };
  }
  const tap = (el: HTMLElement) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  const key = (el: HTMLElement, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

  /** What the app's own page shows with `tab` chosen. */
  async function appWith(tab: 'Login' | 'Sign Up') {
    mockFetch({ 'GET /api/auth/me': () => json({ message: 'Not signed in' }, 401) });
    const { container, unmount } = renderApp('/auth');
    if (tab === 'Sign Up') {
      await userEvent.setup().click(screen.getByRole('tab', { name: 'Sign Up' }));
      expect(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Create Account' })).toBeVisible();
    }
    const state = tabsState(container);
    unmount();
    return state;
  }

  it('a tab tapped before the app shows exactly what the app shows for that tab, and is held for the app', async () => {
    const app = await appWith('Sign Up');
    const { root, signUp } = frame();
    const before = tabsState(root);
    expect(tap(signUp)).toBe(false); // held
    expect(tabsState(root)).toEqual(app);
    expect(tabsState(root)).not.toEqual(before);
    expect(window.__heldTaps).toEqual([signUp]);
  });

  it('only the last tab tapped is handed to the app: Sign Up, Login, Sign Up ends on Sign Up', async () => {
    const app = await appWith('Sign Up');
    const { root, login, signUp } = frame();
    tap(signUp);
    tap(login);
    tap(signUp);
    expect(tabsState(root)).toEqual(app);
    expect(window.__heldTaps).toEqual([signUp]);
  });

  it('the arrow keys, Home and End move between the tabs as the app\'s do: the tab reached is focused, shown and held', async () => {
    const [appLogin, appSignUp] = [await appWith('Login'), await appWith('Sign Up')];
    const { root, login, signUp } = frame();
    login.focus();
    expect(key(login, 'ArrowRight')).toBe(false);
    expect(document.activeElement).toBe(signUp);
    expect(tabsState(root)).toEqual(appSignUp);
    expect(window.__heldTaps).toEqual([signUp]);
    key(signUp, 'ArrowRight'); // wraps
    expect(document.activeElement).toBe(login);
    expect(tabsState(root)).toEqual(appLogin);
    expect(window.__heldTaps).toEqual([login]);
    key(login, 'End');
    expect(document.activeElement).toBe(signUp);
    key(signUp, 'Home');
    expect(document.activeElement).toBe(login);
    key(login, 'ArrowLeft'); // wraps
    expect(document.activeElement).toBe(signUp);
    expect(tabsState(root)).toEqual(appSignUp);
    expect(window.__heldTaps).toEqual([signUp]);
    // any other key is the browser's
    expect(key(signUp, 'a')).toBe(true);
    expect(document.activeElement).toBe(signUp);
  });

  it('once the app has taken the page over, the keys are the app\'s alone', () => {
    const { root, login } = frame();
    delete root.dataset.prerendered;
    login.focus();
    expect(key(login, 'ArrowRight')).toBe(true);
    expect(document.activeElement).toBe(login);
    expect(window.__heldTaps).toEqual([]);
  });
});
