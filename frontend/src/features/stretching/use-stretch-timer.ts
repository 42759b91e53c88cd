import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { remainingMs } from './stretch-timer';
import { dispatchTimer, getTimerSnapshot, setStretchName, setTimerCompletion, subscribeTimer } from './stretch-timer-store';

const TICK_MS = 250;

/**
 * The app's stretch timer (stretch-timer-store.ts) for the screen that shows it: while running it
 * re-renders every 250 ms and also when the tab becomes visible again, so a background tab shows
 * the exact time at once. `onComplete` fires once per completed stretch, also when it ends while
 * another screen is shown.
 */
export function useStretchTimer(onComplete: () => void) {
  const { timer, stretchName } = useSyncExternalStore(subscribeTimer, getTimerSnapshot, getTimerSnapshot);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setTimerCompletion(onComplete);
  }, [onComplete]);

  const running = timer.status === 'running';
  useEffect(() => {
    if (!running) return;
    const update = () => {
      const t = Date.now();
      setNow(t);
      dispatchTimer({ type: 'tick', now: t });
    };
    update();
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

  const act = useCallback((type: 'start' | 'pause' | 'restart') => {
    const t = Date.now();
    setNow(t);
    dispatchTimer({ type, now: t });
  }, []);

  return {
    status: timer.status,
    remainingMs: remainingMs(timer, now),
    stretchName,
    setStretchName,
    start: useCallback(() => act('start'), [act]),
    pause: useCallback(() => act('pause'), [act]),
    restart: useCallback(() => act('restart'), [act]),
    reset: useCallback(() => dispatchTimer({ type: 'reset' }), []),
  };
}
