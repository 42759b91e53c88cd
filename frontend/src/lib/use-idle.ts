import { useEffect, useState } from 'react';

/**
 * True once the browser has been idle after the first paint (requestIdleCallback, at most 3 s;
 * 1.5 s where it does not exist): for code that need not be on the start-up path.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1500);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}
