import { afterEach, describe, expect, it, vi } from 'vitest';
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
