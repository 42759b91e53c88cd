import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { STRETCH_DURATION_MS, type TimerAction, type TimerState, initialTimer, remainingMs, timerReducer } from './stretch-timer';

const TICK_MS = 250;

/**
 * The stretch timer as a hook: state from `timerReducer`, the clock from `Date.now()`. While
 * running it re-renders every 250 ms and also when the tab becomes visible again, so a
 * background tab shows the exact time at once. `onComplete` fires once per completed stretch.
 */
export function useStretchTimer(onComplete: () => void, durationMs = STRETCH_DURATION_MS) {
  const [state, dispatch] = useReducer((s: TimerState, a: TimerAction) => timerReducer(s, a, durationMs), durationMs, initialTimer);
  const [now, setNow] = useState(() => Date.now());
  const onCompleteRef = useRef(onComplete);
  useEffect(() => {
    onCompleteRef.current = onComplete;
  });

  const running = state.status === 'running';
  useEffect(() => {
    if (!running) return;
    const update = () => {
      const t = Date.now();
      setNow(t);
      dispatch({ type: 'tick', now: t });
    };
    const id = window.setInterval(update, TICK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') update();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', update);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', update);
    };
  }, [running]);

  const finished = state.status === 'finished';
  useEffect(() => {
    if (finished) onCompleteRef.current();
  }, [finished]);

  const act = useCallback((type: 'start' | 'pause' | 'restart') => {
    const t = Date.now();
    setNow(t);
    dispatch({ type, now: t });
  }, []);

  return {
    status: state.status,
    remainingMs: remainingMs(state, now),
    start: useCallback(() => act('start'), [act]),
    pause: useCallback(() => act('pause'), [act]),
    restart: useCallback(() => act('restart'), [act]),
    reset: useCallback(() => dispatch({ type: 'reset' }), []),
  };
}
