import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { refusalMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';

/**
 * Inline quick entry of an absolute value (today's steps or calories burned). A failed save keeps
 * the form open with what the user typed and focus in the field; a refusal (4xx) shows the server's
 * message under it, anything else is only logged (SPEC.md section 8).
 */
export function QuickEntry({
  label,
  initial,
  max,
  onSave,
  onDone,
}: {
  label: string;
  initial: number;
  max: number;
  onSave: (value: number) => Promise<unknown>;
  onDone: () => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
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
  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = Number(text.trim().replace(/[,\s]/g, ''));
    if (text.trim() === '' || !Number.isInteger(value) || value < 0 || value > max) {
      setInvalid(`Enter a whole number from 0 to ${formatNumber(max)}.`);
      input.current?.focus();
      return;
    }
    setInvalid(null);
    setRefused(null);
    setSaving(true);
    try {
      await onSave(value);
      onDone();
    } catch (error) {
      console.error(`Failed to update ${label.toLowerCase()}:`, error);
      setRefused(refusalMessage(error) ?? null);
      setSaving(false);
      input.current?.focus();
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-2" noValidate>
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
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
