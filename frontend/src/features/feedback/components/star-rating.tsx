import { useId } from 'react';

const ratingText = (n: number) => (n > 0 ? `${n} star${n === 1 ? '' : 's'}` : 'No rating');

/**
 * Optional 1–5 star rating as a native radio group: arrow keys move between the stars, screen
 * readers announce "Rating, 4 stars, 4 of 5". 'Clear' goes back to no rating (sent as absent).
 */
export function StarRating({ value, onChange, name = 'rating' }: { value: number; onChange: (n: number) => void; name?: string }) {
  const id = useId();
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Rating (optional)</legend>
      <div className="flex flex-wrap items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="group relative grid size-11 cursor-pointer place-items-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
              aria-describedby={`${id}-text`}
            />
            <span className="sr-only">{ratingText(n)}</span>
            <span aria-hidden="true" className={`text-3xl leading-none ${n <= value ? 'text-amber-500' : 'text-slate-300 group-hover:text-amber-300'}`}>
              ★
            </span>
          </label>
        ))}
        {value > 0 ? (
          <button type="button" onClick={() => onChange(0)} className="ml-1 min-h-11 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100">
            Clear
          </button>
        ) : null}
      </div>
      <p id={`${id}-text`} className="text-sm text-slate-600">
        {ratingText(value)}
      </p>
    </fieldset>
  );
}
