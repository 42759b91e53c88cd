import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DAY_LIMITS, GOALS, goalStatus } from '@fittrack/functions/contract/tracking-goals';
import { Button, buttonClasses } from '@/components/ui/button';
import { usePatchProgressToday } from '@/features/dashboard/api/patch-progress-today';
import { MetricCard } from './metric-card';
import { formatNumber } from '@/lib/format';

// The quick-entry form opens on request (a card's Update button): its code loads then.
const QuickEntry = lazy(() => import('./quick-entry').then((m) => ({ default: m.QuickEntry })));
const AddSetDialog = lazy(() => import('./add-set-dialog').then((m) => ({ default: m.AddSetDialog })));

/** A card's button that shows or hides today's entries (a panel below the cards, `controls`). */
export interface DiaryToggle {
  open: boolean;
  onToggle: () => void;
  /** the id of the panel it shows */
  controls: string;
}

function DiaryButton({ toggle, text, name }: { toggle: DiaryToggle; text: string; name: string }) {
  return (
    <Button variant="secondary" className="min-h-11 px-2! whitespace-nowrap" aria-expanded={toggle.open} aria-controls={toggle.controls} aria-label={name} onClick={toggle.onToggle}>
      {text}
    </Button>
  );
}

/** Calories: consumed/goal, a ring, '{n} calories remaining' or 'Daily limit reached', and today's meals. */
export function CaloriesCard({ consumed, meals }: { consumed: number; meals?: DiaryToggle }) {
  const s = goalStatus('caloriesConsumed', consumed);
  return (
    <MetricCard
      title="Calories"
      percent={s.percent}
      value={`${formatNumber(consumed)}/${formatNumber(GOALS.caloriesConsumed)}`}
      valueText={`${formatNumber(consumed)} of ${formatNumber(GOALS.caloriesConsumed)} calories`}
      status={s.reached ? 'Daily limit reached' : `${formatNumber(s.remaining)} calories remaining`}
      colorClass="text-orange-500"
    >
      <Link to="/diet" className={buttonClasses('secondary', 'min-h-11 px-2! whitespace-nowrap')}>
        Add Meal
      </Link>
      {meals ? <DiaryButton toggle={meals} text="Meals" name="Today's meals" /> : null}
    </MetricCard>
  );
}

function QuickEntryCard({
  field,
  label,
  value,
  children,
}: {
  field: 'steps' | 'caloriesBurned';
  label: string;
  value: number;
  children: (edit: React.ReactNode) => React.ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const patchProgressToday = usePatchProgressToday();
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => trigger.current?.focus());
  };
  return children(
    editing ? (
      <Suspense fallback={null}>
        <QuickEntry
          label={label}
          initial={value}
          max={DAY_LIMITS[field]}
          onSave={(v) => patchProgressToday({ [field]: v })}
          onDone={close}
          add={field === 'steps' ? { label: 'Steps to add', max: DAY_LIMITS.steps - value, onAdd: (v) => patchProgressToday({ addSteps: v }) } : undefined}
        />
      </Suspense>
    ) : (
      <Button ref={trigger} variant="secondary" className="min-h-11 px-2! whitespace-nowrap" onClick={() => setEditing(true)} aria-label={`Update ${label.toLowerCase()}`}>
        Update
      </Button>
    ),
  );
}

/** Steps: locale-formatted, '{n} steps to go' or 'Daily goal reached!', with quick entry. */
export function StepsCard({ steps }: { steps: number }) {
  const s = goalStatus('steps', steps);
  return (
    <QuickEntryCard field="steps" label="Today's steps" value={steps}>
      {(edit) => (
        <MetricCard
          title="Steps"
          percent={s.percent}
          value={formatNumber(steps)}
          valueText={`${formatNumber(steps)} of ${formatNumber(GOALS.steps)} steps`}
          status={s.reached ? 'Daily goal reached!' : `${formatNumber(s.remaining)} steps to go`}
          reached={s.reached}
          colorClass="text-brand-700"
        >
          {edit}
        </MetricCard>
      )}
    </QuickEntryCard>
  );
}

/** Calories Burned: '{n} calories to go' or 'Daily goal reached!', with quick entry. */
export function CaloriesBurnedCard({ burned }: { burned: number }) {
  const s = goalStatus('caloriesBurned', burned);
  return (
    <QuickEntryCard field="caloriesBurned" label="Calories burned today" value={burned}>
      {(edit) => (
        <MetricCard
          title="Calories Burned"
          percent={s.percent}
          value={formatNumber(burned)}
          valueText={`${formatNumber(burned)} of ${formatNumber(GOALS.caloriesBurned)} calories burned`}
          status={s.reached ? 'Daily goal reached!' : `${formatNumber(s.remaining)} calories to go`}
          reached={s.reached}
          colorClass="text-rose-600"
        >
          {edit}
        </MetricCard>
      )}
    </QuickEntryCard>
  );
}

/** Push-ups: count/goal, 'Add Set' (to /workout, SPEC.md section 2) and a dialog to log a set here. */
export function PushupsCard({ pushups, sets }: { pushups: number; sets?: DiaryToggle }) {
  const s = goalStatus('pushups', pushups);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <MetricCard
      title="Push-ups"
      percent={s.percent}
      value={`${formatNumber(pushups)}/${GOALS.pushups}`}
      valueText={`${formatNumber(pushups)} of ${GOALS.pushups} push-ups`}
      status={s.reached ? 'Daily goal reached!' : `${formatNumber(s.remaining)} push-ups to go`}
      reached={s.reached}
      colorClass="text-sky-600"
    >
      <Link to="/workout" className={buttonClasses('secondary', 'min-h-11 px-2! whitespace-nowrap')}>
        Add Set
      </Link>
      <Button ref={trigger} className="min-h-11 px-2! whitespace-nowrap" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Log Push-ups
      </Button>
      {sets ? <DiaryButton toggle={sets} text="Sets" name="Today's push-up sets" /> : null}
      {open ? (
        <Suspense fallback={null}>
          <AddSetDialog
            onClose={() => {
              setOpen(false);
              requestAnimationFrame(() => trigger.current?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </MetricCard>
  );
}
