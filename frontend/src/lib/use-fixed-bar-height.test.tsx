import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFixedBarHeight } from './use-fixed-bar-height';

/** A ResizeObserver that reports when the test says so (jsdom has none and lays nothing out). */
class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  target: Element | null = null;
  disconnected = false;
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.target = target;
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  report(height: number) {
    const entry = { target: this.target!, borderBoxSize: [{ blockSize: height, inlineSize: 320 }] } as unknown as ResizeObserverEntry;
    act(() => this.callback([entry], this as unknown as ResizeObserver));
  }
}

function Bar({ minHeight }: { minHeight?: string }) {
  const ref = useRef<HTMLElement>(null);
  useFixedBarHeight(ref, '--test-bar-height');
  return <nav ref={ref} style={minHeight ? { minHeight } : undefined} />;
}

const published = () => document.documentElement.style.getPropertyValue('--test-bar-height');

describe('useFixedBarHeight', () => {
  beforeEach(() => {
    FakeResizeObserver.instances = [];
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('never reads the layout while React commits: the height comes from the observer', () => {
    const offsetHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get');
    render(<Bar />);
    expect(offsetHeight).not.toHaveBeenCalled();
    expect(published()).toBe('');
    FakeResizeObserver.instances[0]!.report(212);
    expect(published()).toBe('212px');
    offsetHeight.mockRestore();
  });

  it('a bar without a designed height publishes every height, and takes it back when it goes', () => {
    const { unmount } = render(<Bar />);
    const observer = FakeResizeObserver.instances[0]!;
    observer.report(180);
    expect(published()).toBe('180px');
    observer.report(150.5);
    expect(published()).toBe('150.5px');
    unmount();
    expect(observer.disconnected).toBe(true);
    expect(published()).toBe('');
  });

  it('a bar at its designed height (its min-height) writes nothing to <html>; taller, it publishes, and back, it takes it back', () => {
    const setProperty = vi.spyOn(document.documentElement.style, 'setProperty');
    const { unmount } = render(<Bar minHeight="65px" />);
    const observer = FakeResizeObserver.instances[0]!;
    observer.report(65);
    observer.report(65.3);
    expect(setProperty).not.toHaveBeenCalled();
    expect(published()).toBe('');
    observer.report(81);
    expect(published()).toBe('81px');
    observer.report(65);
    expect(published()).toBe('');
    unmount();
    expect(published()).toBe('');
    setProperty.mockRestore();
  });
});
