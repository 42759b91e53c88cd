import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PUSHUP_SET_MAX, PUSHUP_SET_MIN } from '@fittrack/functions/contract/tracking-goals';
import { Button } from '@/components/ui/button';
import { refusalMessage } from '@/lib/api-client';
import { usePushupsToday } from '@/features/dashboard/api/get-pushups-today';
import { newIdempotencyKey, useAddPushupSet } from '@/features/dashboard/api/post-pushups';
import { toastIfSavedOffline } from '@/lib/write-once';

const QUICK_COUNTS = [5, 10, 15, 20] as const;

/**
 * 'Add Set' dialog: logs a push-up set from the dashboard (a native modal <dialog>: focus is
 * trapped, Escape closes, the page behind is inert). Each submission carries an Idempotency-Key;
 * retrying the same count after a failure reuses it, so a request that did reach the server counts
 * once. A failed save keeps the dialog open with what the user typed and focus in the field; a
 * refusal (4xx) shows the server's message under it, anything else is only logged (SPEC.md section 8).
 */
export function AddSetDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const message = invalid ?? refused;
  const pending = useRef<{ count: number; key: string } | null>(null);
  const sets = usePushupsToday();
  const addPushupSet = useAddPushupSet();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    input.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  // submit catches every failure itself (it shows the refusal), so the form fires and forgets it.
  async function submit(e: FormEvent) {
    e.preventDefault();
    const count = Number(text.trim());
    if (text.trim() === '' || !Number.isInteger(count) || count < PUSHUP_SET_MIN || count > PUSHUP_SET_MAX) {
      setInvalid(`Enter a whole number from ${PUSHUP_SET_MIN} to ${PUSHUP_SET_MAX}.`);
      input.current?.focus();
      return;
    }
    setInvalid(null);
    setRefused(null);
    if (!pending.current || pending.current.count !== count) pending.current = { count, key: newIdempotencyKey() };
    setSaving(true);
    try {
      await addPushupSet(count, pending.current.key);
      pending.current = null;
      onClose();
    } catch (error) {
      if (toastIfSavedOffline(error)) {
        pending.current = null;
        onClose();
        return;
      }
      console.error('Failed to add push-up set:', error);
      setRefused(refusalMessage(error) ?? null);
      setSaving(false);
      input.current?.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(24rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/60"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          Add Set
        </h2>
        <div className="grid gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Push-ups in this set
          </label>
          <input
            ref={input}
            id={inputId}
            type="number"
            inputMode="numeric"
            min={PUSHUP_SET_MIN}
            max={PUSHUP_SET_MAX}
            step={1}
            required
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-brand-700"
          />
          {message ? (
            <p id={errorId} role="alert" className="text-xs text-red-700">
              {message}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick counts">
          {QUICK_COUNTS.map((n) => (
            <button
              key={n}
              type="button"
              onClick={() => setText(String(n))}
              aria-pressed={text === String(n)}
              className="min-h-11 min-w-11 rounded-full border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-pressed:border-sky-600 aria-pressed:bg-sky-50"
            >
              {n}
            </button>
          ))}
        </div>
        <div className="text-sm text-slate-600" aria-live="polite">
          {sets.data === undefined ? (
            sets.error ? null : 'Loading sets...'
          ) : sets.data.length === 0 ? (
            'No sets yet today.'
          ) : (
            <>
              <p className="font-medium text-slate-700">Today's sets</p>
              <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Today's sets">
                {sets.data.map((s) => (
                  <li key={s.id} className="rounded-full bg-sky-50 px-2.5 py-0.5 text-sky-800 tabular-nums">
                    {s.count}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" className="min-h-11" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" className="min-h-11" disabled={saving}>
            {saving ? 'Saving...' : 'Save Set'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
