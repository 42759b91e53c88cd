import { type FeedbackCategory, MESSAGE_MAX, NAME_MAX, feedbackCategories, feedbackCategoryLabels } from '@fittrack/functions/contract/feedback-rules';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/use-toast';
import { focusFormAfterError } from '@/lib/focus-after-error';
import { toastRequestError } from '@/lib/request-error-toast';
import { useSession } from '@/features/auth/public';
import { postFeedback } from '@/features/feedback/api/post-feedback';
import { StarRating } from './star-rating';

interface FormState {
  name: string;
  email: string;
  category: FeedbackCategory;
  message: string;
  rating: number;
}

/** SPEC.md section 2 'Feedback page': name and email prefilled from the user, then reset after sending. */
export function FeedbackPage() {
  const { user } = useSession();
  const initial = (): FormState => ({ name: user?.username ?? '', email: user?.email ?? '', category: 'general', message: '', rating: 0 });
  const [form, setForm] = useState<FormState>(initial);
  const [submitting, setSubmitting] = useState(false);
  const categoryId = useId();
  const messageId = useId();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  // onSubmit catches every failure itself (toast and focus), so the form fires and forgets it.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const formElement = event.currentTarget;
    setSubmitting(true);
    try {
      await postFeedback({
        email: form.email,
        ...(form.name.trim() ? { name: form.name } : {}),
        message: form.message,
        // SPEC.md section 5: sent as absent when 0
        ...(form.rating > 0 ? { rating: form.rating } : {}),
        category: form.category,
      });
      toast({ title: 'Feedback Submitted', description: "Thank you for your feedback! We'll review it soon." });
      setForm(initial());
    } catch (error) {
      toastRequestError(error, { failedTitle: 'Submission Failed', errorTitle: 'Submission Error', fallback: 'Failed to submit feedback' });
      focusFormAfterError(formElement, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div>
      <PageHeader title="Send Feedback">Tell us what works and what does not.</PageHeader>
      <Card>
        <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-busy={submitting}>
          <Field label="Name" name="name" autoComplete="name" maxLength={NAME_MAX} value={form.name} onChange={(e) => set('name', e.target.value)} />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
          />
          <div className="grid gap-1.5">
            <label htmlFor={categoryId} className="text-sm font-medium text-slate-800">
              Category
            </label>
            <select
              id={categoryId}
              name="category"
              required
              value={form.category}
              onChange={(e) => set('category', e.target.value as FeedbackCategory)}
              className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand-700 sm:text-sm"
            >
              {feedbackCategories.map((c) => (
                <option key={c} value={c}>
                  {feedbackCategoryLabels[c]}
                </option>
              ))}
            </select>
          </div>
          <StarRating value={form.rating} onChange={(n) => set('rating', n)} />
          <div className="grid gap-1.5">
            <label htmlFor={messageId} className="text-sm font-medium text-slate-800">
              Message
            </label>
            <textarea
              id={messageId}
              name="message"
              rows={6}
              required
              maxLength={MESSAGE_MAX}
              value={form.message}
              onChange={(e) => set('message', e.target.value)}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 sm:text-sm"
              placeholder="What would you like to tell us?"
            />
          </div>
          <Button type="submit" disabled={submitting} className="mt-2 min-h-11 w-full">
            {submitting ? 'Submitting...' : 'Submit Feedback'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
