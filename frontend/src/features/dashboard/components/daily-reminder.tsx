import { useState } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';

export const REMINDER_DISMISSED_KEY = 'dailyReminderDismissed';

/**
 * The yellow 'Daily Reminder' (SPEC.md section 2). Dismissing it remembers the day (the user's
 * calendar day, as the server computed it), so it comes back tomorrow.
 */
export function DailyReminder({ today }: { today: string }) {
  const [dismissedOn, setDismissedOn] = useState(() => readStorage(REMINDER_DISMISSED_KEY));
  if (dismissedOn === today) return null;
  return (
    <aside aria-labelledby="daily-reminder-title" className="daily-reminder relative rounded-2xl border border-yellow-300 bg-yellow-50 py-3 pr-12 pl-4 text-yellow-950">
      <h2 id="daily-reminder-title" className="text-sm font-semibold">
        Daily Reminder
      </h2>
      <p className="mt-0.5 text-sm">Take one teaspoon of olive oil per day, not mineral oil.</p>
      <button
        type="button"
        aria-label="Dismiss daily reminder"
        onClick={() => {
          writeStorage(REMINDER_DISMISSED_KEY, today);
          setDismissedOn(today);
        }}
        className="absolute top-1 right-1 grid size-11 place-items-center rounded-lg text-yellow-900 hover:bg-yellow-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </aside>
  );
}
