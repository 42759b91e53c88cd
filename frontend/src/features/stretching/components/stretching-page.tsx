import type { Stretch } from '@fittrack/functions/contract/catalog';
import { useCallback, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useReloadProgressToday } from '@/features/dashboard/public';
import { useStretches } from '@/features/stretching/api/get-stretches';
import { prefersReducedMotion } from '@/features/settings/public';
import { formatClock, STRETCH_DURATION_MS } from '@/features/stretching/stretch-timer';
import { useStretchTimer } from '@/features/stretching/use-stretch-timer';
import { LoadError } from '@/components/ui/load-error';

const COMPLETED_TITLE = 'Stretch Completed!';
const COMPLETED_TEXT = 'Great job! Move on to the next stretch or take a break.';

export function StretchingPage() {
  const { data, error, isLoading, mutate: reload } = useStretches();
  const [announcement, setAnnouncement] = useState('');
  const timerRef = useRef<HTMLElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const reloadProgress = useReloadProgressToday();

  const onComplete = useCallback(() => {
    toast({ title: COMPLETED_TITLE, description: COMPLETED_TEXT });
    setAnnouncement(`${COMPLETED_TITLE} ${COMPLETED_TEXT}`);
    try {
      navigator.vibrate?.(200);
    } catch {
      // vibration is optional
    }
    // SPEC.md section 2: progress is reloaded (fetched now, so the dashboard shows fresh numbers).
    reloadProgress().catch((err: unknown) => console.warn('Reloading progress failed', err));
  }, [reloadProgress]);
  const timer = useStretchTimer(onComplete);
  const progress = 1 - timer.remainingMs / STRETCH_DURATION_MS;

  const startStretch = (stretch: Stretch) => {
    timer.setStretchName(stretch.name);
    setAnnouncement('');
    timerRef.current?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    if (timer.status === 'idle' || timer.status === 'paused') timer.start();
    else if (timer.status === 'finished') timer.restart();
    primaryRef.current?.focus({ preventScroll: true });
  };

  const primary =
    timer.status === 'running'
      ? { label: 'Pause', onClick: timer.pause }
      : timer.status === 'finished'
        ? { label: 'Restart', onClick: () => (setAnnouncement(''), timer.restart()) }
        : timer.status === 'paused'
          ? { label: 'Resume', onClick: timer.start }
          : { label: 'Start', onClick: timer.start };

  return (
    <div className="grid gap-6">
      <PageHeader title="Stretching">Each stretch: 3:33</PageHeader>
      <section ref={timerRef} aria-labelledby="timer-title" className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm">
        <h2 id="timer-title" className="text-lg font-semibold text-slate-900">
          Stretch Timer
        </h2>
        <p className="mt-1 min-h-5 text-sm text-slate-600">{timer.stretchName ? `Current stretch: ${timer.stretchName}` : 'Pick a stretch below or press Start.'}</p>
        <div role="timer" aria-label="Time remaining" className="my-4 font-mono text-6xl font-bold tracking-tight text-slate-900 tabular-nums">
          {formatClock(timer.remainingMs)}
        </div>
        <div aria-hidden="true" className="mx-auto mb-5 h-2 max-w-xs overflow-hidden rounded-full bg-slate-100">
          <div className="h-full rounded-full bg-brand-700" style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
        {/* The state in words, shown (not only colour or a button's label): paused stays obvious. */}
        <p className="-mt-2 mb-4 min-h-6 text-sm font-semibold">
          {timer.status === 'paused' ? (
            <span className="inline-flex items-center gap-1.5 rounded-full border border-amber-500 px-3 py-0.5 text-amber-900">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
                <rect x="5" y="4" width="3.5" height="12" rx="1" />
                <rect x="11.5" y="4" width="3.5" height="12" rx="1" />
              </svg>
              Paused
            </span>
          ) : timer.status === 'finished' ? (
            <span className="text-brand-800">Finished</span>
          ) : timer.status === 'running' ? (
            <span className="sr-only">Running</span>
          ) : null}
        </p>
        <div className="flex justify-center gap-3">
          <Button ref={primaryRef} className="min-h-11 min-w-28" onClick={primary.onClick}>
            {primary.label}
          </Button>
          {timer.status === 'running' ? (
            <Button variant="secondary" className="min-h-11 min-w-28" onClick={timer.reset}>
              Reset
            </Button>
          ) : null}
        </div>
        <p role="status" aria-live="assertive" className="sr-only">
          {announcement}
        </p>
      </section>

      <section aria-labelledby="stretches-title" className="grid gap-3">
        <h2 id="stretches-title" className="text-lg font-semibold text-slate-900">
          Recommended Stretches
        </h2>
        {isLoading ? (
          <Spinner label="Loading stretches..." showLabel className="py-10" />
        ) : error ? (
          <LoadError what="Stretches" onRetry={() => void reload()} />
        ) : (data ?? []).length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">No stretches available yet.</p>
        ) : (
          <ul className="grid gap-4">
            {(data ?? []).map((s) => (
              <li key={s.id} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
                <img src={s.imageUrl} alt={s.name} width={160} height={120} loading="lazy" decoding="async" className="h-24 w-32 shrink-0 rounded-xl object-cover" />
                <div className="grid min-w-0 flex-1 content-start gap-1.5">
                  <h3 id={`${s.id}-name`} className="font-semibold text-slate-900">
                    {s.name}
                  </h3>
                  <p className="text-sm text-slate-600">{s.description}</p>
                  <Button variant="secondary" className="mt-1 min-h-11 justify-self-start" onClick={() => startStretch(s)} aria-describedby={`${s.id}-name`}>
                    Start Timer
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
