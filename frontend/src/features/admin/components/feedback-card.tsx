import type { Feedback, FeedbackStatus } from '@fittrack/functions/contract/feedback';
import { feedbackCategoryLabels, feedbackTransitions } from '@fittrack/functions/contract/feedback-rules';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { toastFailureWithReason } from '@/lib/request-error-toast';
import { useReloadAdminData } from '@/features/admin/api/reload-admin-data';
import { patchFeedbackStatus } from '@/features/admin/api/patch-feedback-status';
import { once } from '@/lib/format';

const statusLabels: Record<FeedbackStatus, string> = { open: 'Open', in_progress: 'In Progress', resolved: 'Resolved', closed: 'Closed' };

/** SPEC.md section 4: open blue, in_progress yellow, resolved green, closed grey — always with the text. */
const badgeClasses: Record<FeedbackStatus, string> = {
  open: 'bg-blue-100 text-blue-800 ring-blue-200',
  in_progress: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  resolved: 'bg-green-100 text-green-800 ring-green-200',
  closed: 'bg-slate-200 text-slate-700 ring-slate-300',
};

/** The buttons of the moves the state machine allows, in the spec's words. */
const moveLabels: Record<FeedbackStatus, string> = { open: 'Reopen', in_progress: 'Mark In Progress', resolved: 'Mark Resolved', closed: 'Close' };

function StatusBadge({ status }: { status: FeedbackStatus }) {
  return (
    <span data-status={status} className={`inline-flex shrink-0 items-center rounded-full px-2.5 whitespace-nowrap py-0.5 text-xs font-semibold ring-1 ring-inset ${badgeClasses[status]}`}>
      {statusLabels[status]}
    </span>
  );
}

const dateFormat = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));

export function FeedbackCard({ feedback }: { feedback: Feedback }) {
  const reload = useReloadAdminData();
  const [busy, setBusy] = useState<FeedbackStatus | null>(null);
  // The pressed button may not exist after the move: keep keyboard focus on this card.
  const heading = useRef<HTMLHeadingElement>(null);
  const category = feedback.category ?? 'general';
  const moves = feedbackTransitions[feedback.status] ?? [];

  const move = async (to: FeedbackStatus) => {
    if (busy) return;
    setBusy(to);
    try {
      await patchFeedbackStatus(feedback.id, to);
      toast({ title: 'Status Updated', description: `Feedback marked as ${statusLabels[to].toLowerCase()}` });
    } catch (error) {
      // The spec's words, then the server's reason for a refusal (e.g. a move the state machine refuses).
      toastFailureWithReason(error, { title: 'Error', text: 'Failed to update feedback status' });
    } finally {
      await reload().catch(() => undefined);
      setBusy(null);
      heading.current?.focus();
    }
  };

  return (
    <Card className="grid min-w-0 grid-cols-1 gap-3 p-4" aria-labelledby={`feedback-${feedback.id}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`feedback-${feedback.id}`} ref={heading} tabIndex={-1} className="font-semibold wrap-anywhere text-slate-900">
            {feedback.name || 'Anonymous'}
          </h3>
          <p className="text-sm wrap-anywhere text-slate-600">{feedback.email || 'Deleted account'}</p>
        </div>
        <StatusBadge status={feedback.status} />
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{feedbackCategoryLabels[category]}</span>
        {feedback.rating ? (
          <span role="img" aria-label={`Rated ${feedback.rating} of 5 stars`} className="tracking-tight">
            <span className="text-amber-500">{'★'.repeat(feedback.rating)}</span>
            <span className="text-slate-300">{'★'.repeat(5 - feedback.rating)}</span>
          </span>
        ) : (
          <span>No rating</span>
        )}
        <time dateTime={feedback.createdAt}>{dateFormat().format(new Date(feedback.createdAt))}</time>
      </div>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{feedback.message}</p>
      {moves.length ? (
        <div className="flex flex-wrap gap-2">
          {moves.map((to) => (
            <Button key={to} variant={to === 'closed' ? 'ghost' : 'secondary'} className="min-h-11" disabled={busy !== null} onClick={() => void move(to)}>
              {busy === to ? 'Updating...' : moveLabels[to]}
            </Button>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
