import { type ReactNode, Suspense } from 'react';
import { useIdle } from '@/lib/use-idle';

/**
 * Renders its children (typically a lazy component) once the browser is idle after the first
 * paint, so their code is not on the start-up path (initial JS budget, DESIGN.md section 10).
 */
export function IdleMount({ children }: { children: ReactNode }) {
  return useIdle() ? <Suspense fallback={null}>{children}</Suspense> : null;
}
