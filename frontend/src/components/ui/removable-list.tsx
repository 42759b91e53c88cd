import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import { LoadError } from './load-error';
import { Spinner } from './spinner';

export interface RemovableItem {
  id: string;
  /** what the row shows, e.g. the meal's name */
  label: ReactNode;
  /** a second line, e.g. "250 cal · 9:05 AM" */
  detail?: ReactNode;
  /** the remove button's accessible name, e.g. "Remove Grilled Chicken" (starts with the visible text) */
  removeName: string;
}

/**
 * A titled list of today's entries, each with a remove button (the diary you can correct). It shows
 * a loading state, a load error with a retry, and an empty text. While one entry is being removed
 * its button is busy (it keeps the focus); after a removal, focus moves to the next entry's button (or the previous one,
 * or the list's heading when none is left), so keyboard and screen-reader users keep their place.
 * `onRemove` answers whether the entry was removed (it shows its own toasts).
 */
export function RemovableList({
  title,
  items,
  error,
  loadingLabel,
  emptyText,
  removeText = 'Remove',
  busyText = 'Removing...',
  onRetry,
  onRemove,
}: {
  title: string;
  items: RemovableItem[] | undefined;
  error: unknown;
  loadingLabel: string;
  emptyText: string;
  removeText?: string;
  busyText?: string;
  onRetry: () => void;
  onRemove: (id: string) => Promise<boolean>;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const focusAt = useRef<number | null>(null);

  /** Focuses the button at the pending index (or the one before, or the heading), once `goneId` has left the list. */
  const moveFocus = useCallback(
    (goneId?: string) => {
      if (focusAt.current === null) return;
      const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [])];
      if (goneId !== undefined && buttons.some((b) => b.dataset.remove === goneId)) return; // not re-rendered yet: the effect will do it
      const at = focusAt.current;
      focusAt.current = null;
      (buttons.length > 0 ? buttons[Math.min(at, buttons.length - 1)] : heading.current)?.focus();
    },
    [],
  );

  useEffect(() => moveFocus(), [items, moveFocus]);

  async function remove(id: string, index: number) {
    if (busyId) return;
    setBusyId(id);
    try {
      if (await onRemove(id)) {
        focusAt.current = index;
        moveFocus(id);
      }
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
        {title}
      </h2>
      {items === undefined ? (
        error ? (
          <LoadError what={title} onRetry={onRetry} />
        ) : (
          <Spinner label={loadingLabel} showLabel className="py-4" />
        )
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul ref={list} aria-labelledby={headingId} className="grid divide-y divide-slate-100">
          {items.map((item, index) => (
            <li key={item.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere text-slate-900">{item.label}</p>
                {item.detail ? <p className="text-sm text-slate-600 tabular-nums">{item.detail}</p> : null}
              </div>
              <Button
                variant="secondary"
                data-remove={item.id}
                className="min-h-11 shrink-0 px-3!"
                aria-label={item.removeName}
                // aria-disabled, not disabled: a disabled button would drop the keyboard focus
                aria-disabled={busyId === item.id ? true : undefined}
                onClick={() => void remove(item.id, index)}
              >
                {busyId === item.id ? busyText : removeText}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
