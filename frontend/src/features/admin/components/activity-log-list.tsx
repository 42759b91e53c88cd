import { activityActionLabels } from '@fittrack/functions/contract/activity-actions';
import type { AdminLogsResponse } from '@fittrack/functions/contract/admin';
import { formatNumber, once } from '@/lib/format';

const actionLabels: Record<string, string> = activityActionLabels;

const actionLabel = (action: string) =>
  actionLabels[action] ?? action.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

const timeFormat = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }));

/** 'System Activity Logs': the total and the 50 newest events (SPEC.md sections 2 and 9). */
export function ActivityLogList({ data }: { data: AdminLogsResponse }) {
  return (
    <section aria-labelledby="activity-logs-title" className="grid gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="activity-logs-title" className="text-lg font-semibold text-slate-900">
          System Activity Logs
        </h2>
        <p className="text-sm text-slate-600">
          {formatNumber(data.total)} {data.total === 1 ? 'event' : 'events'}
        </p>
      </div>
      {data.events.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">No activity logs found</p>
      ) : (
        <ol className="grid gap-2" aria-label={`The ${data.events.length} newest events`}>
          {data.events.map((e) => (
            <li key={e.id || e.timestamp} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
              {/* min-w-0 (the <li>) and wrap-anywhere: a long word in the details, such as a payment id
                  "(DCZENN2X5NB22XZBA4WMWCZWGZ)," did not fit 320 px and widened every row of the list */}
              <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                <span className="font-semibold text-slate-900">{actionLabel(e.action)}</span>
                <time dateTime={e.timestamp} className="text-xs text-slate-600">
                  {timeFormat().format(new Date(e.timestamp))}
                </time>
              </div>
              <p className="mt-1 wrap-anywhere text-slate-700">{e.details}</p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600">
                <dt>User</dt>
                <dd className="truncate font-mono">{e.userId ?? '—'}</dd>
                <dt>IP</dt>
                <dd className="font-mono wrap-anywhere">{e.ipAddress || '—'}</dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
