import type { Meal } from '@fittrack/functions/contract/catalog';
import { Button } from '@/components/ui/button';

export function MealCard({ meal, busy, onAdd }: { meal: Meal; busy: boolean; onAdd: (meal: Meal) => void }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
      <article aria-labelledby={`${meal.id}-name`} className="grid gap-3">
        <div className="flex gap-3">
          <img src={meal.imageUrl} alt={meal.name} width={160} height={120} loading="lazy" decoding="async" className="meal-image h-[72px] w-24 shrink-0 rounded-xl object-cover" />
          <div className="grid min-w-0 flex-1 content-start gap-1">
            <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
              <h3 id={`${meal.id}-name`} className="min-w-0 font-semibold leading-snug break-words text-slate-900">
                {meal.name}
              </h3>
              <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-800">{meal.calories} cal</span>
            </div>
            {meal.restaurant ? <p className="text-sm font-medium text-slate-700">{meal.restaurant}</p> : null}
            <p className="text-sm text-slate-700">Est. cost: {meal.cost}</p>
          </div>
        </div>
        <p className="text-sm text-slate-600">{meal.description}</p>
        <Button className="min-h-11 w-full" onClick={() => onAdd(meal)} disabled={busy} aria-describedby={`${meal.id}-name`}>
          {busy ? 'Adding...' : 'Add to My Meals'}
        </Button>
      </article>
    </li>
  );
}
