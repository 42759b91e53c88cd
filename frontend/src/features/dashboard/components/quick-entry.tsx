import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { refusalMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { toastIfSavedOffline } from '@/lib/write-once';

/** The additive form of a quick entry: e.g. steps to add to today's. */
export interface QuickAdd {
  /** the field's label in Add mode, e.g. "Steps to add" */
  label: string;
  /** the most that can be added now (the day's bound minus today's value) */
  max: number;
  onAdd: (value: number) => Promise<unknown>;
}

type Mode = 'set' | 'add';

/**
 * Inline quick entry of an absolute value (today's steps or calories burned) or, with `add`, of an
 * amount to add to it: two toggle buttons choose Set (the field starts at today's value) or Add
 * (the field starts empty). A failed save keeps the form open with what the user typed and focus
 * in the field; a refusal (4xx) shows the server's message under it, anything else is only logged
 * (SPEC.md section 8).
 */
export function QuickEntry({
  label,
  initial,
  max,
  onSave,
  onDone,
  add,
}: {
  label: string;
  initial: number;
  max: number;
  onSave: (value: number) => Promise<unknown>;
  onDone: () => void;
  add?: QuickAdd;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [mode, setMode] = useState<Mode>('set');
  const [text, setText] = useState(String(initial));
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const message = invalid ?? refused;
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  // submit catches every failure itself (it shows the refusal), so the form fires and forgets it.
  const adding = mode === 'add' && add !== undefined;
  const min = adding ? 1 : 0;
  const upper = adding ? add.max : max;

  function choose(next: Mode) {
    if (next === mode) return;
    setMode(next);
    setText(next === 'add' ? '' : String(initial));
    setInvalid(null);
    setRefused(null);
    input.current?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = Number(text.trim().replace(/[,\s]/g, ''));
    if (text.trim() === '' || !Number.isInteger(value) || value < min || value > upper) {
      setInvalid(upper < min ? `Today's value is at its maximum of ${formatNumber(max)}.` : `Enter a whole number from ${min} to ${formatNumber(upper)}.`);
      input.current?.focus();
      return;
    }
    setInvalid(null);
    setRefused(null);
    setSaving(true);
    try {
      await (adding ? add.onAdd(value) : onSave(value));
      onDone();
    } catch (error) {
      // no connection: kept on this phone with its key, sent when back online (the person is told)
      if (toastIfSavedOffline(error)) {
        onDone();
        return;
      }
      console.error(`Failed to update ${label.toLowerCase()}:`, error);
      setRefused(refusalMessage(error) ?? null);
      setSaving(false);
      input.current?.focus();
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-2" noValidate>
      {add ? (
        <div role="group" aria-label="Set or add" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          {(['set', 'add'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => choose(m)}
              className="min-h-11 rounded-md px-1 text-sm font-medium text-slate-700 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm"
            >
              {m === 'set' ? 'Set' : 'Add'}
            </button>
          ))}
        </div>
      ) : null}
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {adding ? add.label : label}
      </label>
      <input
        ref={input}
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={upper}
        step={1}
        required
        value={text}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-700"
      />
      {message ? (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {message}
        </p>
      ) : null}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(4.5rem,1fr))] gap-2">
        <Button type="button" variant="secondary" className="min-h-11 px-2! whitespace-nowrap" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-11 px-2! whitespace-nowrap" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
