/**
 * The stretch timer's state machine (SPEC.md section 4), counted from timestamps rather than
 * ticks: a running timer stores when it ends, so the remaining time is exact even when the
 * browser throttles timers in a background tab.
 *
 *   idle (3:33) --start--> running --pause--> paused --start--> running
 *   running --reset--> idle          running --(time is up)--> finished --restart--> running
 */
export const STRETCH_DURATION_MS = 213_000;

export type TimerState =
  | { status: 'idle'; remainingMs: number }
  | { status: 'running'; endsAt: number }
  | { status: 'paused'; remainingMs: number }
  | { status: 'finished' };

export type TimerAction =
  | { type: 'start'; now: number }
  | { type: 'pause'; now: number }
  | { type: 'reset' }
  | { type: 'restart'; now: number }
  | { type: 'tick'; now: number };

export const initialTimer = (durationMs = STRETCH_DURATION_MS): TimerState => ({ status: 'idle', remainingMs: durationMs });

export function timerReducer(state: TimerState, action: TimerAction, durationMs = STRETCH_DURATION_MS): TimerState {
  switch (action.type) {
    case 'start':
      if (state.status === 'idle' || state.status === 'paused') return { status: 'running', endsAt: action.now + state.remainingMs };
      return state;
    case 'pause':
      if (state.status !== 'running') return state;
      if (action.now >= state.endsAt) return { status: 'finished' };
      return { status: 'paused', remainingMs: state.endsAt - action.now };
    case 'reset':
      return state.status === 'running' ? initialTimer(durationMs) : state;
    case 'restart':
      return state.status === 'finished' ? { status: 'running', endsAt: action.now + durationMs } : state;
    case 'tick':
      return state.status === 'running' && action.now >= state.endsAt ? { status: 'finished' } : state;
  }
}

export function remainingMs(state: TimerState, now: number): number {
  switch (state.status) {
    case 'running':
      return Math.max(0, state.endsAt - now);
    case 'finished':
      return 0;
    default:
      return state.remainingMs;
  }
}

/** m:ss, rounding partial seconds up (3:33 until a full second has passed, 0:00 only at the end). */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
