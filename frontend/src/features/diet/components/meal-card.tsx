import type { Meal } from '@fittrack/functions/contract/catalog';
import { Button } from '../../../components/ui/button';

export function MealCard({ meal, busy, onAdd }: { meal: Meal; busy: boolean; onAdd: (meal: Meal) => void }) {
  return (
    <li className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <article aria-labelledby={`${meal.id}-name`} className="flex flex-col">
        <img src={meal.imageUrl} alt={meal.name} width={160} height={120} loading="lazy" decoding="async" className="aspect-[4/3] h-auto w-full object-cover" />
        <div className="grid gap-2 p-4">
          <div className="flex items-start justify-between gap-3">
            <h3 id={`${meal.id}-name`} className="font-semibold text-slate-900">
              {meal.name}
            </h3>
            <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800">{meal.calories} cal</span>
          </div>
          {meal.restaurant ? <p className="text-sm font-medium text-slate-700">{meal.restaurant}</p> : null}
          <p className="text-sm text-slate-600">{meal.description}</p>
          <p className="text-sm text-slate-700">Est. cost: {meal.cost}</p>
          <Button className="mt-1 min-h-11 w-full" onClick={() => onAdd(meal)} disabled={busy} aria-describedby={`${meal.id}-name`}>
            {busy ? 'Adding...' : 'Add to My Meals'}
          </Button>
        </div>
      </article>
    </li>
  );
}
