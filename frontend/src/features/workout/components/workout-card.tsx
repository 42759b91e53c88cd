import type { Workout } from '@fittrack/functions/contract/catalog';
import { Button } from '@/components/ui/button';

/** Joint impact: a coloured dot plus the word, so colour is never the only signal. */
const IMPACT_DOT: Record<Workout['jointImpact'], string> = {
  'very low': 'bg-emerald-500',
  low: 'bg-lime-500',
  medium: 'bg-amber-500',
  high: 'bg-red-500',
};

function Stars({ value }: { value: number }) {
  const rounded = Math.max(0, Math.min(10, Math.round(value)));
  return (
    <span role="img" aria-label={`Effectiveness: ${rounded} out of 10`} className="flex items-center gap-0.5">
      {Array.from({ length: 10 }, (_, i) => (
        <svg key={i} aria-hidden="true" viewBox="0 0 20 20" className={`size-4 ${i < rounded ? 'text-amber-500' : 'text-slate-300'}`}>
          <path fill="currentColor" d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
        </svg>
      ))}
    </span>
  );
}

export function WorkoutCard({ workout, onView }: { workout: Workout; onView: (w: Workout) => void }) {
  const nameId = `${workout.id}-name`;
  return (
    <li className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <article aria-labelledby={nameId}>
        <img src={workout.imageUrl} alt={workout.name} width={160} height={120} loading="lazy" decoding="async" className="aspect-[4/3] h-auto w-full object-cover" />
        <div className="grid grid-cols-1 gap-2 p-4">
          <div className="flex items-start justify-between gap-3">
            <h3 id={nameId} className="font-semibold text-slate-900">
              {workout.name}
            </h3>
            {workout.category ? (
              <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{workout.category}</span>
            ) : null}
          </div>
          <p className="text-sm text-slate-700">
            {workout.duration} min · {workout.level}
          </p>
          <p className="text-sm text-slate-600">{workout.description}</p>
          <dl className="grid gap-1.5 text-sm">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <dt className="text-slate-600">Joint impact:</dt>
              <dd className="flex items-center gap-1.5 font-medium text-slate-800">
                <span aria-hidden="true" className={`size-2.5 rounded-full ${IMPACT_DOT[workout.jointImpact]}`} />
                {workout.jointImpact}
              </dd>
            </div>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <dt className="text-slate-600">Effectiveness:</dt>
              <dd>
                <Stars value={workout.effectiveness} />
              </dd>
            </div>
          </dl>
          <Button className="mt-1 min-h-11 w-full" onClick={() => onView(workout)} aria-describedby={nameId}>
            View Workout
          </Button>
        </div>
      </article>
    </li>
  );
}
