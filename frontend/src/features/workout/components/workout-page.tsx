import type { Workout } from '@fittrack/functions/contract/catalog';
import { workoutCategories } from '@fittrack/functions/contract/catalog-categories';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Tooltip, TooltipProvider } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { useWorkouts } from '@/features/workout/api/get-workouts';
import { WorkoutCard } from './workout-card';
import { LoadError } from '@/components/ui/load-error';


const JOINT_NOTE = 'Focus on low joint impact with maximum effectiveness';

function Group({ id, title, note, workouts }: { id: string; title: string; note?: boolean; workouts: Workout[] }) {
  const onView = (w: Workout) => toast({ title: 'Workout Selected', description: `Starting ${w.name} workout.` });
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {note ? (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            {JOINT_NOTE}
            <Tooltip content="Joint impact is how much stress a workout puts on knees, hips and ankles.">
              <button type="button" aria-label="About joint impact" className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:text-slate-900">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
                  <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
                  <path d="M10 9v5M10 6.2v.1" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
            </Tooltip>
          </p>
        ) : null}
      </div>
      <ul className="grid gap-4">
        {workouts.map((w) => (
          <WorkoutCard key={w.id} workout={w} onView={onView} />
        ))}
      </ul>
    </section>
  );
}

export function WorkoutPage() {
  const { data, error, isLoading, mutate } = useWorkouts();
  const workouts = data ?? [];
  const others = workouts.filter((w) => !w.category);
  return (
    <TooltipProvider>
      <div className="grid gap-8">
        <PageHeader title="Workout Plans">Workouts grouped by type, rated for joint impact and effectiveness.</PageHeader>
        {isLoading ? (
          <Spinner label="Loading workouts..." showLabel className="py-10" />
        ) : error ? (
          <LoadError what="Workouts" onRetry={() => void mutate()} />
        ) : workouts.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">No workouts available yet.</p>
        ) : (
          <>
            {workoutCategories.map((category) => {
              const list = workouts.filter((w) => w.category === category);
              return list.length ? <Group key={category} id={`workouts-${category.toLowerCase()}`} title={`${category} Workouts`} note workouts={list} /> : null;
            })}
            {others.length ? <Group id="workouts-other" title="Other Workouts" workouts={others} /> : null}
          </>
        )}
      </div>
    </TooltipProvider>
  );
}
