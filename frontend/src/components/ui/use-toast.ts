import { type ReactNode, useSyncExternalStore } from 'react';

/**
 * Toast store (SPEC.md sections 4 and 9; the semantics of shadcn/ui's toast):
 * one toast at a time, a dismissed toast is removed from the store after TOAST_REMOVE_DELAY,
 * and toasts can be added, updated, dismissed and removed from anywhere (no provider needed).
 */

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

/** A button in the toast (e.g. Undo); clicking it runs `onAction` and closes the toast. */
interface ToastActionOptions {
  label: string;
  /** How to do the same without the toast, read by screen readers (Radix Toast.Action `altText`). */
  altText: string;
  onAction: () => void;
}

interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before auto-dismiss; defaults to the provider's 5000. */
  duration?: number;
  action?: ToastActionOptions;
}

interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
}

type Action =
  | { type: 'ADD_TOAST'; toast: ToastItem }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(toastId: string): void {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

function reducer(state: ToastState, action: Action): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      for (const t of state.toasts) if (toastId === undefined || t.id === toastId) scheduleRemoval(t.id);
      return {
        toasts: state.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)),
      };
    }
    case 'REMOVE_TOAST': {
      const { toastId } = action;
      const removed = state.toasts.filter((t) => toastId === undefined || t.id === toastId);
      for (const t of removed) {
        clearTimeout(removeTimeouts.get(t.id));
        removeTimeouts.delete(t.id);
      }
      return { toasts: toastId === undefined ? [] : state.toasts.filter((t) => t.id !== toastId) };
    }
  }
}

const listeners = new Set<() => void>();
let memoryState: ToastState = { toasts: [] };

function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastState {
  return memoryState;
}

interface ToastHandle {
  id: string;
  update: (options: ToastOptions) => void;
  dismiss: () => void;
}

/** Shows a toast (replacing the current one, TOAST_LIMIT is 1). */
export function toast(options: ToastOptions): ToastHandle {
  const id = genId();
  const update = (next: ToastOptions) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({ type: 'ADD_TOAST', toast: { ...options, id, open: true } });
  return { id, update, dismiss };
}

/** Closes one toast, or all toasts when no id is given. */
export function dismissToast(toastId?: string): void {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

/** Removes one toast (or all) from the store at once, without waiting for the removal delay. */
export function removeToast(toastId?: string): void {
  dispatch({ type: 'REMOVE_TOAST', toastId });
}

/** React view of the toast store plus the imperative API. */
export function useToast() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: state.toasts, toast, dismiss: dismissToast, remove: removeToast };
}
