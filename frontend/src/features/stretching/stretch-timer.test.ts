import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STRETCH_DURATION_MS, formatClock, initialTimer, remainingMs, timerReducer } from './stretch-timer';
import { resetStretchTimer } from './stretch-timer-store';
import { useStretchTimer } from './use-stretch-timer';

describe('timerReducer (SPEC.md section 4)', () => {
  it('idles at 3:33, runs, pauses, resumes and finishes at 0', () => {
    let s = initialTimer();
    expect(s).toEqual({ status: 'idle', remainingMs: 213_000 });
    expect(formatClock(remainingMs(s, 0))).toBe('3:33');
    s = timerReducer(s, { type: 'start', now: 1_000 });
    expect(s).toEqual({ status: 'running', endsAt: 214_000 });
    expect(formatClock(remainingMs(s, 11_000))).toBe('3:23');
    s = timerReducer(s, { type: 'pause', now: 11_000 });
    expect(s).toEqual({ status: 'paused', remainingMs: 203_000 });
    // Time passing while paused changes nothing.
    expect(remainingMs(timerReducer(s, { type: 'tick', now: 500_000 }), 500_000)).toBe(203_000);
    s = timerReducer(s, { type: 'start', now: 100_000 });
    expect(s).toEqual({ status: 'running', endsAt: 303_000 });
    expect(timerReducer(s, { type: 'tick', now: 302_999 })).toBe(s);
    s = timerReducer(s, { type: 'tick', now: 303_000 });
    expect(s).toEqual({ status: 'finished' });
    expect(formatClock(remainingMs(s, 303_000))).toBe('0:00');
  });

  it('restarts from finished at full time and running', () => {
    const s = timerReducer({ status: 'finished' }, { type: 'restart', now: 5_000 });
    expect(s).toEqual({ status: 'running', endsAt: 5_000 + STRETCH_DURATION_MS });
  });

  it('resets only while running', () => {
    expect(timerReducer({ status: 'running', endsAt: 9_000 }, { type: 'reset' })).toEqual(initialTimer());
    const paused = { status: 'paused', remainingMs: 5_000 } as const;
    expect(timerReducer(paused, { type: 'reset' })).toBe(paused);
    const finished = { status: 'finished' } as const;
    expect(timerReducer(finished, { type: 'reset' })).toBe(finished);
  });

  it('ignores actions that do not apply to the state', () => {
    const idle = initialTimer();
    expect(timerReducer(idle, { type: 'pause', now: 1 })).toBe(idle);
    expect(timerReducer(idle, { type: 'restart', now: 1 })).toBe(idle);
    const running = { status: 'running', endsAt: 10 } as const;
    expect(timerReducer(running, { type: 'start', now: 1 })).toBe(running);
    expect(timerReducer(running, { type: 'restart', now: 1 })).toBe(running);
    // Pausing after the end counts as finished (no negative time).
    expect(timerReducer(running, { type: 'pause', now: 11 })).toEqual({ status: 'finished' });
  });

  it('formats m:ss rounding partial seconds up', () => {
    expect(formatClock(213_000)).toBe('3:33');
    expect(formatClock(212_001)).toBe('3:33');
    expect(formatClock(212_000)).toBe('3:32');
    expect(formatClock(60_000)).toBe('1:00');
    expect(formatClock(9_500)).toBe('0:10');
    expect(formatClock(1)).toBe('0:01');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(-5)).toBe('0:00');
  });
});

describe('useStretchTimer under fake timers', () => {
  beforeEach(() => {
    resetStretchTimer();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts down from timestamps and fires completion once', () => {
    const onComplete = vi.fn();
    const { result } = renderHook(() => useStretchTimer(onComplete));
    expect(result.current.status).toBe('idle');
    expect(formatClock(result.current.remainingMs)).toBe('3:33');
    act(() => result.current.start());
    act(() => void vi.advanceTimersByTime(10_000));
    expect(formatClock(result.current.remainingMs)).toBe('3:23');
    act(() => result.current.pause());
    act(() => void vi.advanceTimersByTime(60_000));
    expect(result.current.status).toBe('paused');
    expect(formatClock(result.current.remainingMs)).toBe('3:23');
    act(() => result.current.start());
    act(() => void vi.advanceTimersByTime(203_000));
    expect(result.current.status).toBe('finished');
    expect(result.current.remainingMs).toBe(0);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(onComplete).toHaveBeenCalledTimes(1);
    act(() => result.current.restart());
    expect(result.current.status).toBe('running');
    expect(formatClock(result.current.remainingMs)).toBe('3:33');
  });

  it('stays exact when a background tab throttles the ticks (clock jumps without timers firing)', () => {
    const onComplete = vi.fn();
    const { result } = renderHook(() => useStretchTimer(onComplete));
    act(() => result.current.start());
    // The tab is hidden: the wall clock moves 100 s but no interval callback runs.
    act(() => {
      vi.setSystemTime(Date.now() + 100_000);
    });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(formatClock(result.current.remainingMs)).toBe('1:53');
    // Hidden again past the end: the first tick after the jump finishes the stretch exactly once.
    act(() => {
      vi.setSystemTime(Date.now() + 500_000);
    });
    act(() => void vi.advanceTimersByTime(250));
    expect(result.current.status).toBe('finished');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('reset stops the timer and restores full time', () => {
    const { result } = renderHook(() => useStretchTimer(vi.fn()));
    act(() => result.current.start());
    act(() => void vi.advanceTimersByTime(30_000));
    act(() => result.current.reset());
    expect(result.current.status).toBe('idle');
    act(() => void vi.advanceTimersByTime(30_000));
    expect(formatClock(result.current.remainingMs)).toBe('3:33');
  });

  it('keeps running while no screen shows it, and completes on time (state above the route)', () => {
    const onComplete = vi.fn();
    const first = renderHook(() => useStretchTimer(onComplete));
    act(() => first.result.current.start());
    act(() => void vi.advanceTimersByTime(13_000));
    first.unmount();
    // Another screen for a minute: the timer is not shown, yet it runs.
    act(() => void vi.advanceTimersByTime(60_000));
    const again = renderHook(() => useStretchTimer(onComplete));
    expect(again.result.current.status).toBe('running');
    expect(formatClock(again.result.current.remainingMs)).toBe('2:20');
    again.unmount();
    // It ends while away: completion fires once, on time, without the screen.
    act(() => void vi.advanceTimersByTime(140_000));
    expect(onComplete).toHaveBeenCalledTimes(1);
    const back = renderHook(() => useStretchTimer(onComplete));
    expect(back.result.current.status).toBe('finished');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });
});
