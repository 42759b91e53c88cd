import { useId } from 'react';

/** A labelled on/off switch (role switch) with an optional note; the whole row is a 44 px+ target. */
export function SwitchRow({ label, note, checked, onChange }: { label: string; note?: string; checked: boolean; onChange: (next: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-4 py-2">
      <div className="grid">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        {note ? (
          <span id={`${id}-note`} className="text-xs text-slate-600">
            {note}
          </span>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={note ? `${id}-note` : undefined}
        onClick={() => onChange(!checked)}
        className="group inline-flex min-h-11 min-w-14 shrink-0 items-center justify-center rounded-full"
      >
        <span className={`relative inline-block h-7 w-12 rounded-full transition-colors ${checked ? 'bg-brand-700' : 'bg-slate-400'}`}>
          <span
            className={`absolute top-1 left-1 size-5 rounded-full shadow transition-transform ${checked ? 'translate-x-5' : ''}`}
            style={{ backgroundColor: '#fff' }}
          />
        </span>
      </button>
    </div>
  );
}
