import type { MealEntry } from '@fittrack/functions/contract/tracking';
import { CALORIE_LIMIT_MESSAGE } from '@fittrack/functions/contract/tracking-goals';
import { RemovableList } from '@/components/ui/removable-list';
import { toast } from '@/components/ui/use-toast';
import { ApiError, refusalMessage } from '@/lib/api-client';
import { formatTimeOfDay } from '@/lib/format';
import { useRemoveMealFromToday } from '@/features/diet/api/delete-progress-today-meal';
import { useMealsToday } from '@/features/diet/api/get-progress-today-meals';
import { useAddMealToToday } from '@/features/diet/api/post-progress-today-meals';
import { toastIfSavedOffline } from '@/lib/write-once';

/** How long a removal's toast (with Undo) stays: longer than the default, so there is time to undo. */
const UNDO_TOAST_MS = 10_000;

/**
 * "Today's meals": each meal added today with a Remove button (DESIGN.md section 8, departure 10).
 * A removal shows a toast with Undo, which adds the same meal again (a new entry, within the
 * 500 kcal limit like any add). Used on the Diet page and behind the dashboard's Calories card.
 */
export function TodaysMeals() {
  const { data, error, mutate } = useMealsToday();
  const removeMeal = useRemoveMealFromToday();
  const addMeal = useAddMealToToday();

  async function undo(entry: MealEntry) {
    try {
      await addMeal(entry.mealId, entry.name);
      toast({ title: 'Meal Restored', description: `Added ${entry.name} back to today's total.` });
    } catch (err) {
      if (toastIfSavedOffline(err)) return;
      const refusal = refusalMessage(err);
      if (err instanceof ApiError && err.status === 409) toast({ variant: 'destructive', title: 'Daily Limit Exceeded', description: refusal ?? CALORIE_LIMIT_MESSAGE });
      else if (refusal) toast({ variant: 'destructive', title: 'Meal Not Restored', description: refusal });
      else console.warn('Re-adding the meal failed', err);
    }
  }

  async function remove(id: string): Promise<boolean> {
    const entry = data?.find((e) => e.id === id);
    if (!entry) return false;
    try {
      await removeMeal(entry);
    } catch (err) {
      const refusal = refusalMessage(err);
      if (err instanceof ApiError && err.status === 404) void mutate(); // already removed elsewhere: show what is left
      if (refusal) toast({ variant: 'destructive', title: 'Meal Not Removed', description: refusal });
      else console.warn('Removing the meal failed', err);
      return false;
    }
    toast({
      title: 'Meal Removed',
      description: `Removed ${entry.name} (${entry.calories} calories) from today's total.`,
      duration: UNDO_TOAST_MS,
      action: { label: 'Undo', altText: `Add ${entry.name} again from the Diet Plan`, onAction: () => void undo(entry) },
    });
    return true;
  }

  return (
    <RemovableList
      title="Today's meals"
      items={data?.map((e) => ({
        id: e.id,
        label: e.name,
        detail: `${e.calories} cal · ${formatTimeOfDay(e.createdAt)}`,
        removeName: `Remove ${e.name}`,
      }))}
      error={error}
      loadingLabel="Loading today's meals..."
      emptyText="No meals added today."
      onRetry={() => void mutate()}
      onRemove={remove}
    />
  );
}
