import { Suspense, lazy } from 'react';
import { useIdle } from '@/lib/use-idle';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the Radix toaster once the browser is idle after first paint, or as soon as a toast is
 * raised, whichever comes first: its code stays out of the initial bundle (DESIGN.md section 10)
 * and no toast is lost, because the store lives outside the component.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const idle = useIdle();

  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
