/**
 * Feedback rules shared by the API and the browser (no zod here, so the browser bundle stays small).
 */

/** SPEC.md section 3: the four categories, with the labels of the feedback form. */
export const feedbackCategories = ['bug', 'feature', 'general', 'complaint'] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];
export const feedbackCategoryLabels: Record<FeedbackCategory, string> = {
  bug: 'Bug Report',
  feature: 'Feature Request',
  general: 'General Feedback',
  complaint: 'Complaint',
};

export const feedbackStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

/**
 * SPEC.md section 4, enforced on the server: open → in_progress ('Mark In Progress'),
 * in_progress → resolved ('Mark Resolved'), any status other than closed → closed ('Close').
 */
export const feedbackTransitions: Record<FeedbackStatus, readonly FeedbackStatus[]> = {
  open: ['in_progress', 'closed'],
  in_progress: ['resolved', 'closed'],
  resolved: ['closed'],
  closed: [],
};

export const canMoveFeedback = (from: FeedbackStatus, to: FeedbackStatus): boolean => feedbackTransitions[from].includes(to);

export const MESSAGE_MAX = 5000;
export const NAME_MAX = 100;
/** Feedback submissions per user per hour (the rate limit of POST /api/feedback). */
export const FEEDBACK_PER_HOUR = 10;
