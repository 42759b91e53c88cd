import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * Renders its children (typically a lazy component) once the browser is idle after the first
 * paint, so their code is not on the start-up path (initial JS budget, DESIGN.md section 10).
 */
export function IdleMount({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1500);
    return () => clearTimeout(timer);
  }, []);
  return idle ? <Suspense fallback={null}>{children}</Suspense> : null;
}
