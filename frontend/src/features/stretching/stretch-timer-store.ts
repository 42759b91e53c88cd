import { STRETCH_DURATION_MS, type TimerAction, type TimerState, initialTimer, timerReducer } from './stretch-timer';

/**
 * The one stretch timer of the app, kept in module state above the routes: a running timer keeps
 * running (it is stored as the time it ends) while the user visits other screens, and the
 * Stretching screen shows it again on return. Completion is scheduled here too, so it fires once,
 * on time, even when the screen is not shown.
 */
export interface StretchTimerSnapshot {
  timer: TimerState;
  /** the name of the stretch picked with 'Start Timer', if any */
  stretchName: string | null;
}

let snapshot: StretchTimerSnapshot = { timer: initialTimer(), stretchName: null };
const listeners = new Set<() => void>();
let completionTimer: ReturnType<typeof setTimeout> | undefined;
let onComplete: (() => void) | null = null;

function set(next: StretchTimerSnapshot): void {
  if (next.timer === snapshot.timer && next.stretchName === snapshot.stretchName) return;
  const wasFinished = snapshot.timer.status === 'finished';
  snapshot = next;
  schedule();
  for (const listener of listeners) listener();
  if (!wasFinished && snapshot.timer.status === 'finished') onComplete?.();
}

/** Wakes up when a running timer ends (a background tab may wake late: the state is exact anyway). */
function schedule(): void {
  clearTimeout(completionTimer);
  completionTimer = undefined;
  const { timer } = snapshot;
  if (timer.status !== 'running') return;
  completionTimer = setTimeout(() => dispatchTimer({ type: 'tick', now: Date.now() }), Math.max(0, timer.endsAt - Date.now()));
}

export function dispatchTimer(action: TimerAction): void {
  set({ ...snapshot, timer: timerReducer(snapshot.timer, action, STRETCH_DURATION_MS) });
}

export function setStretchName(stretchName: string | null): void {
  set({ ...snapshot, stretchName });
}

export function getTimerSnapshot(): StretchTimerSnapshot {
  return snapshot;
}

export function subscribeTimer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What happens when a stretch is completed (the Stretching screen sets it; the latest one is kept). */
export function setTimerCompletion(handler: () => void): void {
  onComplete = handler;
}

/** Back to idle with no stretch (tests start from here). */
export function resetStretchTimer(): void {
  clearTimeout(completionTimer);
  snapshot = { timer: initialTimer(), stretchName: null };
  for (const listener of listeners) listener();
}
