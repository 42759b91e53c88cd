import type { Meal } from '@fittrack/functions/contract/catalog';
import { mealCategories } from '@fittrack/functions/contract/catalog-categories';
import { CALORIE_LIMIT_MESSAGE, exceedsCalorieLimit } from '@fittrack/functions/contract/tracking-goals';
import { useId, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { ApiError, refusalMessage } from '@/lib/api-client';
import { useProgressToday } from '@/features/dashboard/public';
import { useAddMealToToday } from '@/features/diet/api/post-progress-today-meals';
import { useMeals } from '@/features/diet/api/get-meals';
import { ALL_RESTAURANTS, RESTAURANT_CHAINS, matchesRestaurant } from '@/features/diet/restaurants';
import { CalorieLimitCard } from './calorie-limit-card';
import { MealCard } from './meal-card';
import { TodaysMeals } from './todays-meals';
import { LoadError } from '@/components/ui/load-error';
import { useTabParam } from '@/lib/use-tab-param';
import { toastIfSavedOffline } from '@/lib/write-once';

type Category = (typeof mealCategories)[number];
const ALL = 'All Meals';
const TABS = [ALL, ...mealCategories] as const;

/** SPEC.md section 2: the empty message of each tab (All Meals and Homemade show nothing). */
const EMPTY_MESSAGES: Partial<Record<Category, string>> = {
  Breakfast: 'No breakfast meals available.',
  'Protein-Rich': 'No protein-rich meals available.',
  Vegetarian: 'No vegetarian meals available.',
  Snacks: 'No snacks available.',
  International: 'No international meals available.',
};
const NO_RESTAURANT_MEALS = 'No meals found for this restaurant.';

function limitExceeded(description = CALORIE_LIMIT_MESSAGE) {
  toast({ variant: 'destructive', title: 'Daily Limit Exceeded', description });
}

function MealList({ meals, busyId, onAdd, empty }: { meals: Meal[]; busyId: string | null; onAdd: (m: Meal) => void; empty?: string }) {
  if (meals.length === 0) return empty ? <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{empty}</p> : null;
  return (
    <ul className="grid gap-4">
      {meals.map((meal) => (
        <MealCard key={meal.id} meal={meal} busy={busyId === meal.id} onAdd={onAdd} />
      ))}
    </ul>
  );
}

export function DietPage() {
  const { data: meals, error, isLoading, mutate } = useMeals();
  const { data: progress } = useProgressToday();
  const [tab, setTab] = useTabParam(TABS);
  const [restaurant, setRestaurant] = useState<string>(ALL_RESTAURANTS);
  const [busyId, setBusyId] = useState<string | null>(null);
  const selectId = useId();
  const addMealToToday = useAddMealToToday();

  const addMeal = async (meal: Meal) => {
    if (busyId) return;
    // SPEC.md section 5: refuse on the client first; the server enforces the same limit atomically.
    if (progress && exceedsCalorieLimit(progress.caloriesConsumed, meal.calories)) {
      limitExceeded();
      return;
    }
    setBusyId(meal.id);
    try {
      await addMealToToday(meal.id, meal.name);
      toast({ title: 'Meal Added', description: `Added ${meal.calories} calories to today's total.` });
    } catch (err) {
      if (toastIfSavedOffline(err)) return;
      const refusal = refusalMessage(err);
      if (err instanceof ApiError && err.status === 409) limitExceeded(refusal);
      // Any other refusal (4xx) shows the server's message; other failures are only logged (SPEC.md section 8).
      else if (refusal) toast({ variant: 'destructive', title: 'Meal Not Added', description: refusal });
      else console.warn('Adding the meal failed', err);
    } finally {
      setBusyId(null);
    }
  };
  // addMeal catches every failure itself (toast or log), so the cards fire and forget it.
  const onAdd = (meal: Meal) => void addMeal(meal);

  // Category by category in tab order, lightest first (the API answers in id order).
  const list = [...(meals ?? [])].sort((a, b) => TABS.indexOf(a.category) - TABS.indexOf(b.category) || a.calories - b.calories || a.name.localeCompare(b.name));
  const inCategory = (c: Category) => list.filter((m) => m.category === c);

  return (
    <div className="grid gap-6">
      <PageHeader title="Diet Plan">Low-calorie meals you can add to today&apos;s total.</PageHeader>
      <CalorieLimitCard />
      <TodaysMeals />
      <Tabs value={tab} onValueChange={setTab} className="grid gap-4">
        {/* Eight tabs wrap onto as many rows as the width needs (320 px, Larger text). */}
        <TabsList label="Meal categories" className="flex! flex-wrap">
          {TABS.map((t) => (
            <TabsTrigger key={t} value={t} className="min-h-11 grow px-2.5! text-xs leading-tight">
              {t}
            </TabsTrigger>
          ))}
        </TabsList>
        {isLoading ? (
          <Spinner label="Loading meals..." showLabel className="py-10" />
        ) : error ? (
          <LoadError what="Meals" onRetry={() => void mutate()} />
        ) : (
          TABS.map((t) => (
            <TabsContent key={t} value={t}>
              {/* Only the selected panel renders its cards (the list is long; the filter state lives in this page). */}
              {t !== tab ? null : t === ALL ? (
                <MealList meals={list} busyId={busyId} onAdd={onAdd} />
              ) : t === 'Fast Food' ? (
                <div className="grid gap-4">
                  <div className="grid gap-1.5">
                    <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
                      Restaurant
                    </label>
                    <select
                      id={selectId}
                      value={restaurant}
                      onChange={(e) => setRestaurant(e.target.value)}
                      className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900"
                    >
                      {[ALL_RESTAURANTS, ...RESTAURANT_CHAINS].map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </div>
                  <MealList
                    meals={inCategory('Fast Food').filter((m) => matchesRestaurant(m, restaurant))}
                    busyId={busyId}
                    onAdd={onAdd}
                    empty={restaurant === ALL_RESTAURANTS ? undefined : NO_RESTAURANT_MEALS}
                  />
                </div>
              ) : (
                <MealList meals={inCategory(t)} busyId={busyId} onAdd={onAdd} empty={EMPTY_MESSAGES[t]} />
              )}
            </TabsContent>
          ))
        )}
      </Tabs>
    </div>
  );
}
